import { act, screen } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { PageBody, PageHeader } from '@platform/remote-kit';
import { lazyPage } from './lazyPage';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function ArrivedPage() {
  return (
    <PageBody>
      <PageHeader title="Listen" />
      <button type="button">Play</button>
    </PageBody>
  );
}

describe('lazyPage', () => {
  it("shows the page's title while its code arrives, then the page", async () => {
    const code = deferred<typeof ArrivedPage>();
    const Page = lazyPage('titles.listen', () => code.promise);
    renderWithPlatform(<Page />, { signedInAs: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Listen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    await act(async () => code.resolve(ArrivedPage));
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("gives the page's own heading the focus the waiting heading had (where the shell put it)", async () => {
    const code = deferred<typeof ArrivedPage>();
    const Page = lazyPage('titles.listen', () => code.promise);
    renderWithPlatform(<Page />, { signedInAs: null });
    const waiting = await screen.findByRole('heading', { level: 1, name: 'Listen' });
    act(() => waiting.focus());
    expect(waiting).toHaveFocus();
    await act(async () => code.resolve(ArrivedPage));
    await screen.findByRole('button', { name: 'Play' });
    const heading = screen.getByRole('heading', { level: 1, name: 'Listen' });
    expect(heading).not.toBe(waiting);
    expect(heading).toHaveFocus();
  });

  it('leaves the focus alone when the waiting heading did not have it', async () => {
    const code = deferred<typeof ArrivedPage>();
    const Page = lazyPage('titles.listen', () => code.promise);
    renderWithPlatform(<Page />, { signedInAs: null });
    await screen.findByRole('heading', { level: 1, name: 'Listen' });
    await act(async () => code.resolve(ArrivedPage));
    await screen.findByRole('button', { name: 'Play' });
    expect(document.body).toHaveFocus();
  });
});
