import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Pager, PlatformThemeProvider, type PagerLabels } from '../../index';

const wrapper = ({ children }: { children: ReactNode }) => (
  <PlatformThemeProvider>{children}</PlatformThemeProvider>
);

const labels: PagerLabels = {
  range: ({ first, last, total }) => `${first}-${last} of ${total}`,
  page: ({ page, pages }) => `Page ${page} of ${pages}`,
  previous: 'Previous',
  next: 'Next',
};

describe('Pager', () => {
  it('says which items are shown in the words it is given and moves between pages', () => {
    const onPage = jest.fn();
    render(
      <Pager label="Pages of things" labels={labels} page={1} total={12} pageSize={5} onPage={onPage} />,
      { wrapper },
    );
    const nav = screen.getByRole('navigation', { name: 'Pages of things' });
    expect(nav).toHaveTextContent('1-5 of 12');
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('is hidden for an empty list, and for a single page when asked', () => {
    const { rerender } = render(
      <Pager label="Pages" labels={labels} page={1} total={0} pageSize={5} onPage={jest.fn()} />,
      { wrapper },
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(<Pager label="Pages" labels={labels} page={1} total={3} pageSize={5} onPage={jest.fn()} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('1-3 of 3');
    rerender(
      <Pager
        label="Pages"
        labels={labels}
        page={1}
        total={3}
        pageSize={5}
        onPage={jest.fn()}
        hideSinglePage
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
