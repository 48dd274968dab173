import { render, screen, within } from '@testing-library/react';
import { FigureTable } from '../../index';

describe('FigureTable', () => {
  it('reads the rows behind a chart as a captioned table with column headers', () => {
    render(
      <FigureTable
        caption="Hours per language"
        rows={[
          { language: 'Yorùbá', hours: 3 },
          { language: 'Hausa', hours: 5 },
        ]}
        columns={[
          { header: 'Language', value: (row) => row.language },
          { header: 'Hours', value: (row) => String(row.hours) },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Hours per language' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Language', 'Hours']);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Hausa5');
  });
});
