/** One column of a FigureTable: its header and each row's value, already in the interface language. */
export interface FigureColumn<T> {
  header: string;
  value: (row: T) => string;
}

export interface FigureTableProps<T> {
  caption: string;
  rows: readonly T[];
  columns: readonly FigureColumn<T>[];
  className?: string;
}

/**
 * The figures behind a chart as a plain table (no sorting, no paging): what a screen reader reads instead of
 * the picture, or what a "show as table" switch shows. Unstyled: style it where it is shown.
 */
export function FigureTable<T>({ caption, rows, columns, className }: FigureTableProps<T>) {
  return (
    <table className={className}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {columns.map((c) => (
              <td key={c.header}>{c.value(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
