import { screen, within } from '@testing-library/react';
import { renderUi } from '../../testing/renderUi';
import type { TableColumn } from './Table';
import { Table } from './Table';

interface Pair {
  id: number;
  dialect: string;
  status: string;
  score: number;
}

const rows: Pair[] = [
  { id: 1, dialect: 'Oyo', status: 'approved', score: 3 },
  { id: 2, dialect: 'Ekiti', status: 'pending', score: 10 },
  { id: 3, dialect: 'Ijesha', status: 'rejected', score: 1 },
  { id: 4, dialect: 'Egba', status: 'pending', score: 7 },
  { id: 5, dialect: 'Ondo', status: 'approved', score: 5 },
];

const columns: TableColumn<Pair>[] = [
  { key: 'id', header: 'Audio ID' },
  { key: 'dialect', header: 'Dialect', sortable: true },
  { key: 'score', header: 'Score', sortable: true, align: 'right' },
  { key: 'status', header: 'Status', render: (row) => row.status.toUpperCase() },
];

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('Table', () => {
  it('renders the caption, headers and cells (custom render too)', () => {
    renderUi(<Table caption="Audio pairs" columns={columns} rows={rows} getRowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Audio pairs' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(firstColumn()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getAllByText('PENDING')).toHaveLength(2);
  });

  it('sorts by clicking a sortable header; aria-sort follows', async () => {
    const { user } = renderUi(<Table columns={columns} rows={rows} getRowKey={(r) => r.id} />);
    const scoreHeader = screen.getByRole('columnheader', { name: /Score/ });
    const dialectHeader = screen.getByRole('columnheader', { name: /Dialect/ });
    expect(scoreHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Audio ID' })).not.toHaveAttribute('aria-sort');

    await user.click(within(scoreHeader).getByRole('button'));
    expect(scoreHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()).toEqual(['3', '1', '5', '4', '2']);

    await user.click(within(scoreHeader).getByRole('button'));
    expect(scoreHeader).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['2', '4', '5', '1', '3']);

    await user.click(within(dialectHeader).getByRole('button'));
    expect(dialectHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(scoreHeader).toHaveAttribute('aria-sort', 'none');
    expect(firstColumn()).toEqual(['4', '2', '3', '5', '1']);
  });

  it('paginates with Previous/Next and reports the range', async () => {
    const { user } = renderUi(
      <Table columns={columns} rows={rows} getRowKey={(r) => r.id} pageSize={2} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(firstColumn()).toEqual(['1', '2']);
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(nav).toHaveTextContent('1–2 of 5');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(firstColumn()).toEqual(['3', '4']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(firstColumn()).toEqual(['5']);
    expect(nav).toHaveTextContent('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(firstColumn()).toEqual(['3', '4']);
  });

  it('changing page size or sort goes back to page 1', async () => {
    const { user } = renderUi(
      <Table columns={columns} rows={rows} getRowKey={(r) => r.id} pageSize={2} pageSizeOptions={[2, 5]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /Rows per page/ }), '5');
    expect(firstColumn()).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('navigation')).toHaveTextContent('Page 1 of 1');
  });

  it('shows the empty message when there are no rows', () => {
    renderUi(
      <Table
        columns={columns}
        rows={[]}
        getRowKey={(r) => r.id}
        pageSize={5}
        emptyMessage="No audio pairs found for the selected filters."
      />,
    );
    expect(screen.getByText('No audio pairs found for the selected filters.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('while loading: busy, skeleton rows, no data or empty message', () => {
    const { container } = renderUi(
      <Table
        columns={columns}
        rows={[]}
        getRowKey={(r) => r.id}
        loading
        loadingRows={3}
        emptyMessage="Nothing"
      />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelectorAll('[data-loading-row]')).toHaveLength(3);
    expect(screen.queryByText('Nothing')).toBeNull();
  });

  it('server-side mode: shows rows as given and asks the caller for other pages and sorts', async () => {
    const onPageChange = jest.fn();
    const onSortChange = jest.fn();
    const { user } = renderUi(
      <Table
        columns={columns}
        rows={rows.slice(0, 2)}
        getRowKey={(r) => r.id}
        pageSize={2}
        page={1}
        totalRows={9}
        onPageChange={onPageChange}
        onSortChange={onSortChange}
        sort={null}
      />,
    );
    expect(screen.getByRole('navigation')).toHaveTextContent('Page 1 of 5');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('button', { name: /Dialect/ }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'dialect', direction: 'ascending' });
    expect(firstColumn()).toEqual(['1', '2']);
  });
});
