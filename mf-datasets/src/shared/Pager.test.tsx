import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { useLocaleInTest } from '@platform/i18n/testing';
import { Pager } from './Pager';

/** A pager over `total` items, five a page, that moves when asked (as a screen's filters would). */
function Paged({ total, hideSinglePage }: { total: number; hideSinglePage?: boolean }) {
  const [page, setPage] = useState(1);
  return (
    <Pager
      label="Pages of things"
      page={page}
      total={total}
      pageSize={5}
      onPage={setPage}
      hideSinglePage={hideSinglePage}
      rangeTestId="thing-range"
    />
  );
}

describe('Pager', () => {
  it('says which items are shown and moves page by page, never past either end', async () => {
    const { user } = renderWithPlatform(<Paged total={12} />);
    const pager = await screen.findByRole('navigation', { name: 'Pages of things' });
    expect(await within(pager).findByText('1–5 of 12')).toBeInTheDocument();
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('thing-range')).toHaveTextContent('11–12 of 12');
    expect(within(pager).getByText('Page 3 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(within(pager).getByText('6–10 of 12')).toBeInTheDocument();
  });

  it('shows a single page unless asked to hide it, and never an empty list', async () => {
    const { unmount } = renderWithPlatform(<Paged total={3} />);
    const pager = await screen.findByRole('navigation', { name: 'Pages of things' });
    expect(await within(pager).findByText('Page 1 of 1')).toBeInTheDocument();
    unmount();

    renderWithPlatform(
      <>
        <Paged total={3} hideSinglePage />
        <Paged total={0} />
        <p>Rendered</p>
      </>,
    );
    expect(await screen.findByText('Rendered')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  describe('in Yorùbá', () => {
    useLocaleInTest('yo');

    it('uses the shared words', async () => {
      renderWithPlatform(<Paged total={12} />);
      const pager = await screen.findByRole('navigation', { name: 'Pages of things' });
      expect(await within(pager).findByText('Ojú-ìwé 1 nínú 3')).toBeInTheDocument();
      expect(within(pager).getByRole('button', { name: 'Èyí tó kàn' })).toBeEnabled();
    });
  });
});
