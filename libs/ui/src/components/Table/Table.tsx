import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon } from '../../icons';
import { focusRing, srOnly } from '../../theme/mixins';
import { Skeleton } from '../Skeleton/Skeleton';
import type { SortState, SortValue } from './sortRows';
import { sortRows } from './sortRows';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  /** Cell content; defaults to `row[key]`. */
  render?: (row: T, rowIndex: number) => ReactNode;
  sortable?: boolean;
  /** Value to sort by; defaults to `row[key]`. */
  sortValue?: (row: T) => SortValue;
  align?: 'left' | 'center' | 'right';
  width?: string;
}

export interface TableProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  getRowKey: (row: T, index: number) => string | number;
  /** Names the table; visually hidden with `captionHidden`. */
  caption?: ReactNode;
  captionHidden?: boolean;
  /** Shown in place of rows when there are none. */
  emptyMessage?: ReactNode;
  loading?: boolean;
  /** Number of skeleton rows while loading (default: page size or 5). */
  loadingRows?: number;
  /** Turns pagination on with this many rows per page. */
  pageSize?: number;
  /** Choices for rows per page; shows a selector when given. */
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** Controlled 1-based page. */
  page?: number;
  onPageChange?: (page: number) => void;
  /** Controlled sort. */
  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  /**
   * Server-side mode: `rows` already are the current page, sorted by the caller (use the callbacks);
   * this is the total across all pages.
   */
  totalRows?: number;
  className?: string;
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Caption = styled.caption<{ $hidden: boolean }>`
  text-align: left;
  padding: ${({ theme }) => theme.space[3]};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  ${({ $hidden }) => ($hidden ? srOnly : '')}
`;

const Th = styled.th<{ $align: string }>`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  text-align: ${({ $align }) => $align};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
  ${focusRing}
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Td = styled.td<{ $align: string }>`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  text-align: ${({ $align }) => $align};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  vertical-align: middle;
  tr:last-child > & {
    border-bottom: 0;
  }
`;

const EmptyCell = styled.td`
  padding: ${({ theme }) => theme.space[8]};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const PagerGroup = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const PageButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  ${focusRing}
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

const SizeSelect = styled.select`
  height: 2.25rem;
  padding: 0 ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  ${focusRing}
`;

function defaultCell(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleDateString();
  if (typeof value === 'object') return String(value);
  return value as ReactNode;
}

/**
 * A data table with sortable headers (aria-sort), optional pagination, a loading state and an empty
 * message. Sorts and pages client-side unless `totalRows` says the caller does it.
 */
export function Table<T>({
  columns,
  rows,
  getRowKey,
  caption,
  captionHidden = false,
  emptyMessage = 'No results.',
  loading = false,
  loadingRows,
  pageSize: pageSizeProp,
  pageSizeOptions,
  onPageSizeChange,
  page: pageProp,
  onPageChange,
  sort: sortProp,
  defaultSort = null,
  onSortChange,
  totalRows,
  className,
}: TableProps<T>) {
  const labelId = useId();
  const [internalSort, setInternalSort] = useState<SortState | null>(defaultSort);
  const [internalPage, setInternalPage] = useState(1);
  const [internalPageSize, setInternalPageSize] = useState(pageSizeProp);
  const sort = sortProp !== undefined ? sortProp : internalSort;
  const pageSize = onPageSizeChange ? pageSizeProp : (internalPageSize ?? pageSizeProp);
  const serverSide = totalRows !== undefined;

  const sortedRows = (() => {
    if (serverSide || !sort) return rows;
    const column = columns.find((c) => c.key === sort.key);
    if (!column) return rows;
    const getValue =
      column.sortValue ?? ((row: T) => (row as Record<string, unknown>)[column.key] as SortValue);
    return sortRows(rows, getValue, sort.direction);
  })();

  const total = totalRows ?? rows.length;
  const pageCount = pageSize ? Math.max(1, Math.ceil(total / pageSize)) : 1;
  // Clamp so a shrinking data set never leaves the table on a page past the end.
  const page = Math.min(Math.max(1, pageProp ?? internalPage), pageCount);
  const visibleRows =
    pageSize && !serverSide ? sortedRows.slice((page - 1) * pageSize, page * pageSize) : sortedRows;

  const goToPage = (next: number) => {
    if (pageProp === undefined) setInternalPage(next);
    onPageChange?.(next);
  };

  const toggleSort = (key: string) => {
    const next: SortState =
      sort?.key === key && sort.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' };
    if (sortProp === undefined) setInternalSort(next);
    onSortChange?.(next);
    goToPage(1);
  };

  const changePageSize = (size: number) => {
    setInternalPageSize(size);
    onPageSizeChange?.(size);
    goToPage(1);
  };

  const skeletonCount = loadingRows ?? pageSize ?? 5;
  const first = total === 0 ? 0 : (page - 1) * (pageSize ?? total) + 1;
  const last = pageSize ? Math.min(page * pageSize, total) : total;

  return (
    <Wrapper className={className}>
      <Scroll>
        <StyledTable aria-busy={loading || undefined} aria-labelledby={caption ? labelId : undefined}>
          {caption ? (
            <Caption id={labelId} $hidden={captionHidden}>
              {caption}
            </Caption>
          ) : null}
          <thead>
            <tr>
              {columns.map((column) => {
                const align = column.align ?? 'left';
                const active = sort?.key === column.key;
                if (!column.sortable) {
                  return (
                    <Th key={column.key} scope="col" $align={align} style={{ width: column.width }}>
                      {column.header}
                    </Th>
                  );
                }
                return (
                  <Th
                    key={column.key}
                    scope="col"
                    $align={align}
                    style={{ width: column.width }}
                    aria-sort={active ? sort.direction : 'none'}
                  >
                    <SortButton type="button" onClick={() => toggleSort(column.key)}>
                      {column.header}
                      {active && sort.direction === 'descending' ? (
                        <ChevronDownIcon />
                      ) : active ? (
                        <ChevronUpIcon />
                      ) : (
                        <ChevronDownIcon style={{ opacity: 0.35 }} />
                      )}
                    </SortButton>
                  </Th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              Array.from({ length: skeletonCount }, (_, i) => (
                <tr key={`loading-${i}`} data-loading-row="">
                  {columns.map((column) => (
                    <Td key={column.key} $align="left">
                      <Skeleton height="1rem" />
                    </Td>
                  ))}
                </tr>
              ))
            ) : visibleRows.length === 0 ? (
              <tr>
                <EmptyCell colSpan={columns.length}>{emptyMessage}</EmptyCell>
              </tr>
            ) : (
              visibleRows.map((row, index) => (
                <tr key={getRowKey(row, index)}>
                  {columns.map((column) => (
                    <Td key={column.key} $align={column.align ?? 'left'}>
                      {column.render ? column.render(row, index) : defaultCell(row, column.key)}
                    </Td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </StyledTable>
      </Scroll>
      {pageSize && !loading && total > 0 ? (
        <Pager aria-label="Pagination">
          <span aria-live="polite">
            {first}–{last} of {total}
          </span>
          <PagerGroup>
            {pageSizeOptions && pageSizeOptions.length > 0 ? (
              <label>
                Rows per page{' '}
                <SizeSelect value={pageSize} onChange={(event) => changePageSize(Number(event.target.value))}>
                  {pageSizeOptions.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </SizeSelect>
              </label>
            ) : null}
            <PageButton
              type="button"
              aria-label="Previous page"
              disabled={page <= 1}
              onClick={() => goToPage(page - 1)}
            >
              <ChevronLeftIcon />
            </PageButton>
            <span>
              Page {page} of {pageCount}
            </span>
            <PageButton
              type="button"
              aria-label="Next page"
              disabled={page >= pageCount}
              onClick={() => goToPage(page + 1)}
            >
              <ChevronRightIcon />
            </PageButton>
          </PagerGroup>
        </Pager>
      ) : null}
    </Wrapper>
  );
}
