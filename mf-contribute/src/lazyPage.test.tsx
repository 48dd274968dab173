import { act, screen } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { PageBody, PageHeader } from '@platform/remote-kit';
import type * as I18n from './i18n';
import { lazyPage } from './lazyPage';

/** While set, the remote's texts are still on their way: anything that needs them waits (suspends). */
let textsArriving: Promise<void> | null = null;
jest.mock('./i18n', () => {
  const actual = jest.requireActual<typeof I18n>('./i18n');
  return {
    ...actual,
    useContributeT: () => {
      if (textsArriving) throw textsArriving;
      return actual.useContributeT();
    },
  };
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const LISTEN = { path: '/user/listen', title: 'titles.listen' };

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
    const Page = lazyPage(LISTEN, () => code.promise);
    renderWithPlatform(<Page />, { signedInAs: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Listen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    await act(async () => code.resolve(ArrivedPage));
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("gives the page's own heading the focus the waiting heading had (where the shell put it)", async () => {
    const code = deferred<typeof ArrivedPage>();
    const Page = lazyPage(LISTEN, () => code.promise);
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
    const Page = lazyPage(LISTEN, () => code.promise);
    renderWithPlatform(<Page />, { signedInAs: null });
    await screen.findByRole('heading', { level: 1, name: 'Listen' });
    await act(async () => code.resolve(ArrivedPage));
    await screen.findByRole('button', { name: 'Play' });
    expect(document.body).toHaveFocus();
  });

  it("asks for the page's code while the remote's texts are still on their way, not after them", async () => {
    const texts = deferred<void>();
    textsArriving = texts.promise;
    try {
      const load = jest.fn(() => deferred<typeof ArrivedPage>().promise);
      const Page = lazyPage(LISTEN, load);
      renderWithPlatform(<Page />, { signedInAs: null });
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      textsArriving = null;
      await act(async () => texts.resolve());
    }
  });

  it('asks for the code of the page being opened as soon as the routes are defined, before anything is drawn', () => {
    window.history.pushState(null, '', '/user/listen');
    try {
      const opened = jest.fn(() => deferred<typeof ArrivedPage>().promise);
      const other = jest.fn(() => deferred<typeof ArrivedPage>().promise);
      lazyPage(LISTEN, opened);
      lazyPage({ path: '/user/write', title: 'titles.write' }, other);
      expect(opened).toHaveBeenCalledTimes(1);
      expect(other).not.toHaveBeenCalled();
    } finally {
      window.history.pushState(null, '', '/');
    }
  });
});
