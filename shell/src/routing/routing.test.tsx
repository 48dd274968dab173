import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useNavigate } from '@platform/router';
import {
  dashboardPage,
  downloadsPage,
  landingPage,
  pageUrl,
  signinPage,
  speakPage,
  textToSpeechPage,
} from '@platform/contracts/client';
import { defineRemoteRoutes, useUrlFilters } from '@platform/remote-kit';
import { testPage } from '@platform/remote-kit/testing';
import { installFakeServer, testUser } from '@platform/store/testing';
import { renderShell, testManifest, serveTestRemotes, testModules } from '../../test/renderShell';
import { unavailableModule } from '../federation/unavailableFallbackPlugin';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

serveTestRemotes();
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const layoutOf = (heading: HTMLElement) => heading.closest('[data-layout]')?.getAttribute('data-layout');

describe('shell routing', () => {
  it.each([
    [pageUrl(landingPage), 'Alpha home', 'public'],
    [pageUrl(speakPage), 'Speak', 'contributor'],
    [pageUrl(dashboardPage), 'Dashboard', 'app'],
    [pageUrl(downloadsPage), 'Dataset Downloads', 'app'],
  ])('renders %s from its remote inside the %s layout', async (path, heading, layout) => {
    renderShell(path);
    const title = await screen.findByRole('heading', { level: 1, name: heading });
    expect(layoutOf(title)).toBe(layout);
    expect(title.closest('main')).not.toBeNull();
  });

  it('loads each remote once for all of its pages', async () => {
    renderShell(pageUrl(dashboardPage));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    expect(mockedLoadRemote.mock.calls.filter(([id]) => id === 'mf_alpha/routes')).toHaveLength(1);
  });

  it('shows the not-found screen for a path no remote serves', async () => {
    renderShell('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('sets the document title from the remote route title', async () => {
    renderShell(pageUrl(downloadsPage));
    await screen.findByRole('heading', { name: 'Dataset Downloads' });
    await waitFor(() => expect(document.title).toMatch(/^Dataset Downloads \| /));
  });

  it("sets the page's meta description, and removes it on a page without one", async () => {
    const description = () =>
      document.head.querySelector('meta[name="description"]')?.getAttribute('content');
    const home = renderShell(pageUrl(landingPage));
    await screen.findByRole('heading', { name: 'Alpha home' });
    await waitFor(() => expect(description()).toBe('What the alpha home page is about.'));
    home.unmount();
    renderShell(pageUrl(downloadsPage));
    await screen.findByRole('heading', { name: 'Dataset Downloads' });
    await waitFor(() => expect(description()).toBeUndefined());
  });
});

describe("a page of the app layout open to signed-out visitors (signedOut: 'allowed')", () => {
  const OPEN = pageUrl(textToSpeechPage);
  const openHeading = () => screen.findByRole('heading', { level: 1, name: 'Text-to-Speech Model' });
  const sidebarNav = () => screen.getByRole('navigation', { name: 'Main' });

  it('renders signed out, inside the sidebar and top bar, and stays where the visitor asked to be', async () => {
    const { location } = renderShell(OPEN, testManifest, { user: null });
    const title = await openHeading();
    expect(layoutOf(title)).toBe('app');
    expect(title.closest('main')).not.toBeNull();
    expect(location()).toBe(OPEN);
    expect(within(sidebarNav()).getByRole('link', { name: 'Text to Speech' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0);
  });

  it('still sends a signed-out visitor to /signin from the pages of the same layout that are not open', async () => {
    const { location } = renderShell(pageUrl(downloadsPage), testManifest, { user: null });
    await waitFor(() => expect(location()).toBe(pageUrl(signinPage, { next: pageUrl(downloadsPage) })));
    expect(screen.queryByRole('heading', { name: 'Dataset Downloads' })).not.toBeInTheDocument();
  });

  it('sends a visitor who follows the sidebar from the open page to a guarded one to /signin', async () => {
    const { location } = renderShell(OPEN, testManifest, { user: null });
    await openHeading();
    await userEvent.click(within(sidebarNav()).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(location()).toBe(pageUrl(signinPage, { next: pageUrl(dashboardPage) })));
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the page while the session is read, and Sign in only once nobody is found signed in', async () => {
    const server = installFakeServer();
    let answer: () => void = () => undefined;
    server.on(
      'GET /auth/session',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 401, body: { code: 'auth.not_signed_in', statusCode: 401 } });
        }),
    );
    renderShell(OPEN, testManifest, { server });
    await openHeading();
    // Neither a member's chrome nor a visitor's while it is not known which one is there.
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    answer();
    expect((await screen.findAllByRole('link', { name: 'Sign in' })).length).toBe(2);
  });

  it('keeps the layout mounted when a signed-in person moves between the open page and a guarded one', async () => {
    renderShell(OPEN, testManifest, { user: testUser });
    await openHeading();
    const sidebar = sidebarNav();
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(sidebarNav()).toBe(sidebar);
    await userEvent.click(within(sidebar).getByRole('link', { name: 'Text to Speech' }));
    await openHeading();
    expect(sidebarNav()).toBe(sidebar);
  });
});

describe('isolation of a remote that cannot be loaded', () => {
  it('shows the unavailable section with Retry, and Retry brings the page back without a reload', async () => {
    mockedLoadRemote.mockImplementation(async (id) => {
      if (id === 'mf_beta/routes') throw new Error('Failed to fetch mf-manifest.json');
      return testModules[id as string] ?? null;
    });
    renderShell(pageUrl(downloadsPage));
    expect(
      await screen.findByRole('heading', { name: 'This section is temporarily unavailable' }),
    ).toBeInTheDocument();
    // The shell's chrome still works around it.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    // The runtime's cached entry for the failed remote was dropped so that a restarted remote can load.
    expect(registerRemotes).toHaveBeenCalledWith(
      [
        {
          name: 'mf_beta',
          entry: expect.stringMatching(/^http:\/\/localhost:3102\/mf-manifest\.json\?__mf_retry=\d+$/),
        },
      ],
      { force: true },
    );

    mockedLoadRemote.mockImplementation(async (id) => testModules[id as string] ?? null);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' })).toBeInTheDocument();
    expect(screen.queryByText('This section is temporarily unavailable')).not.toBeInTheDocument();
  });

  it('treats the federation runtime fallback module as unavailable', async () => {
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_beta/routes'
        ? unavailableModule(id, new Error('script error'))
        : (testModules[id as string] ?? null),
    );
    renderShell(pageUrl(downloadsPage));
    expect(
      await screen.findByRole('heading', { name: 'This section is temporarily unavailable' }),
    ).toBeInTheDocument();
  });

  it('gives up on a remote that does not answer in time', async () => {
    jest.useFakeTimers();
    try {
      mockedLoadRemote.mockImplementation((id) =>
        id === 'mf_beta/routes'
          ? new Promise(() => undefined)
          : Promise.resolve(testModules[id as string] ?? null),
      );
      renderShell(pageUrl(downloadsPage));
      // The page's own loading shows once the session is known (the guard's skeleton comes first).
      expect(await screen.findByRole('status', { name: 'Loading page' })).toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(8000);
      });
      expect(
        screen.getByRole('heading', { name: 'This section is temporarily unavailable' }),
      ).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps other remotes working while one is down', async () => {
    mockedLoadRemote.mockImplementation(async (id) => {
      if (id === 'mf_beta/routes') throw new Error('connection refused');
      return testModules[id as string] ?? null;
    });
    renderShell(pageUrl(downloadsPage));
    await screen.findByRole('heading', { name: 'This section is temporarily unavailable' });
    await userEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('a remote page that throws while rendering', () => {
  it('shows the error only in its own section; the layout and other remotes keep working', async () => {
    renderShell(`${pageUrl(downloadsPage)}?__throw=mf_beta`);
    expect(
      await screen.findByRole('heading', { name: 'This section is temporarily unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('This section is temporarily unavailable')).not.toBeInTheDocument();
  });
});

describe('a remote redeployed under an open page', () => {
  it('forgets the remote when one of its chunks is gone, so the next attempt loads the new build', async () => {
    const chunkGone = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    let deployed = 'old';
    const Downloads = () => {
      if (deployed === 'old') throw chunkGone;
      return <h1>Dataset Downloads</h1>;
    };
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_beta/routes'
        ? {
            default: defineRemoteRoutes('mf_beta', [
              { page: testPage(pageUrl(downloadsPage), 'Dataset Downloads'), Component: Downloads },
            ]),
          }
        : (testModules[id as string] ?? null),
    );
    renderShell(pageUrl(downloadsPage));
    expect(
      await screen.findByRole('heading', { name: 'This section is temporarily unavailable' }),
    ).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_beta', entry: expect.stringContaining('__mf_retry=') }],
      { force: true },
    );

    deployed = 'new';
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' })).toBeInTheDocument();
    expect(mockedLoadRemote.mock.calls.filter(([id]) => id === 'mf_beta/routes')).toHaveLength(2);
  });
});

describe('a page whose query string alone changes (its filters)', () => {
  // A list page of the test remote: a note kept in the page's own state, a search box that writes every key
  // into the address, and a filter.
  function FilteredList() {
    const [filters, setFilters] = useUrlFilters(downloadsPage, { page: 1 });
    const [note, setNote] = useState('');
    const navigate = useNavigate();
    return (
      <>
        <h1>Dataset Downloads</h1>
        <label>
          Note <input value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <label>
          Search <input defaultValue={filters.q} onChange={(e) => setFilters({ q: e.target.value })} />
        </label>
        <button onClick={() => setFilters({ language: 'yo' })}>Yoruba</button>
        <button onClick={() => navigate(-1)}>Back</button>
        <p data-testid="language">{filters.language ?? 'all'}</p>
      </>
    );
  }
  beforeEach(() =>
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_beta/routes'
        ? {
            default: defineRemoteRoutes('mf_beta', [
              { page: testPage(downloadsPage.path, 'Dataset Downloads'), Component: FilteredList },
            ]),
          }
        : (testModules[id as string] ?? null),
    ),
  );

  it('keeps the page mounted: its own state survives a filter change, and Back', async () => {
    const { location } = renderShell(pageUrl(downloadsPage));
    await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'remember me');
    await userEvent.click(screen.getByRole('button', { name: 'Yoruba' }));
    expect(location()).toBe(pageUrl(downloadsPage, { language: 'yo' }));
    expect(screen.getByTestId('language')).toHaveTextContent('yo');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('remember me');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe(pageUrl(downloadsPage));
    expect(screen.getByTestId('language')).toHaveTextContent('all');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('remember me');
  });

  it('leaves the focus in a search box that writes the address as the person types', async () => {
    const { location } = renderShell(pageUrl(downloadsPage));
    await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' });
    const search = screen.getByRole('textbox', { name: 'Search' });
    await userEvent.type(search, 'yoruba news');
    expect(location()).toBe(`${pageUrl(downloadsPage)}?q=yoruba+news`);
    expect(search).toHaveValue('yoruba news');
    expect(search).toHaveFocus();
  });

  it('still focuses the heading of another page', async () => {
    renderShell(pageUrl(downloadsPage));
    await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' }),
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('a page declared for some roles only', () => {
  beforeEach(() =>
    mockedLoadRemote.mockImplementation(async (id) =>
      id === 'mf_beta/routes'
        ? {
            default: defineRemoteRoutes('mf_beta', [
              {
                page: testPage(downloadsPage.path, 'Dataset Downloads', { access: { roles: ['admin'] } }),
                Component: () => <h1>Dataset Downloads</h1>,
              },
            ]),
          }
        : (testModules[id as string] ?? null),
    ),
  );

  it('is not found for someone signed in without one of them', async () => {
    renderShell(pageUrl(downloadsPage), testManifest, { user: testUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dataset Downloads' })).not.toBeInTheDocument();
  });

  it('shows to someone with one of them', async () => {
    renderShell(pageUrl(downloadsPage), testManifest, { user: { ...testUser, role: 'admin' as 'reviewer' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dataset Downloads' })).toBeInTheDocument();
  });
});
