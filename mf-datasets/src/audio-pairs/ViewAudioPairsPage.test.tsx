import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AudioPairRecord, AudioPairStatus, Dialect } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer, testUser } from '@platform/store/testing';
import type { FakeServer, SeenRequest } from '@platform/store/testing';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { ViewAudioPairsPage } from './ViewAudioPairsPage';
import { pageUrl, signinPage, viewAudioPairsPage } from '@platform/contracts/client';

const hex = (n: number) => n.toString(16).padStart(24, '0');

function pair(n: number, overrides: Partial<AudioPairRecord> = {}): AudioPairRecord {
  const id = hex(0xa000 + n);
  return {
    audio_id: id,
    user_id: `u-${n}f3a`,
    user_dialect: 'standard-yoruba',
    status: 'pending',
    text_id: hex(0xb000 + n),
    source_lang_text: `Good morning number ${n}.`,
    target_lang_text: `Ẹ kú àárọ̀ ${n}.`,
    text_category: 'conversational',
    source_lang_audio: `audio/pairs/${id}-source.wav`,
    target_lang_audio: `audio/pairs/${id}-target.wav`,
    source_duration_ms: 2400,
    target_duration_ms: 2600,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

type Role = 'contributor' | 'reviewer' | 'admin';

/** A fake speech service: filters and pages `stored` as GET /api/audio/all does, and decides pairs. */
function renderPage({
  path = pageUrl(viewAudioPairsPage),
  role = 'reviewer',
  stored = [pair(1), pair(2)],
  configure,
}: {
  path?: string;
  role?: Role;
  stored?: AudioPairRecord[];
  configure?: (server: FakeServer) => void;
} = {}) {
  const server = installFakeServer();
  server.on('GET /auth/session', { body: { user: { ...testUser, role } } });
  server.on('GET /api/audio/all', (r: SeenRequest) => {
    const page = Number(r.search.get('page') ?? 1);
    const pageSize = Number(r.search.get('pageSize') ?? 5);
    const matching = stored.filter(
      (p) =>
        (!r.search.get('dialect') || p.user_dialect === r.search.get('dialect')) &&
        (!r.search.get('status') || p.status === r.search.get('status')),
    );
    return {
      body: {
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      },
    };
  });
  for (const p of stored) {
    server.on(`POST /api/audio/${p.audio_id}/decision`, (r) => {
      if (p.status !== 'pending') return errorReply(409, 'This audio pair has already been decided.');
      const body = r.json as { status: AudioPairStatus; reason?: string };
      p.status = body.status;
      p.decision = {
        by: 'r-77c1',
        at: '2026-11-21T09:30:00.000Z',
        ...(body.reason ? { reason: body.reason } : {}),
      };
      return { body: p };
    });
  }
  configure?.(server);
  const view = renderWithPlatform(<ViewAudioPairsPage />, { path });
  return { ...view, server };
}

const table = () => screen.getByRole('table', { name: 'Donated audio pairs' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (id: string) => rows().find((r) => within(r).queryByText(id))!;
const listCalls = (server: FakeServer) => server.calls('GET /api/audio/all');
const lastQuery = (server: FakeServer) =>
  Object.fromEntries(listCalls(server).at(-1)?.search.entries() ?? []);

async function shown(id: string) {
  return screen.findByText(id);
}

describe('View Audio Pairs', () => {
  it("shows the SPEC's table: every column, each pair's texts, dialect, status and both players", async () => {
    const first = pair(1, { user_dialect: 'ekiti-yoruba' });
    const { server } = renderPage({ stored: [first, pair(2)] });
    await shown(first.audio_id);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Audio ID',
      'User ID',
      'Dialect',
      'Status',
      'English Text',
      'Yoruba Text',
      'English Audio',
      'Yoruba Audio',
      'Review',
    ]);
    const row = rowOf(first.audio_id);
    expect(within(row).getByText('u-1f3a')).toBeInTheDocument();
    expect(within(row).getByText('Ekiti Yoruba')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('Good morning number 1.')).toHaveAttribute('lang', 'en');
    expect(within(row).getByText('Ẹ kú àárọ̀ 1.')).toHaveAttribute('lang', 'yo');
    // Played from /audio/ plus the stored path without its leading audio/ (SPEC §7).
    const english = within(row).getByLabelText(`English audio for ID ${first.audio_id}`);
    expect(english.tagName).toBe('AUDIO');
    expect(english).toHaveAttribute('controls');
    expect(english).toHaveAttribute('src', `/audio/pairs/${first.audio_id}-source.wav`);
    expect(within(row).getByLabelText(`Yoruba audio for ID ${first.audio_id}`)).toHaveAttribute(
      'src',
      `/audio/pairs/${first.audio_id}-target.wav`,
    );
    expect(lastQuery(server)).toEqual({ page: '1', pageSize: '5' });
  });

  it('pages on the server, five at a time, with the pager from the total; the page is in the URL', async () => {
    const stored = Array.from({ length: 12 }, (_, i) => pair(i + 1));
    const { server, user, location } = renderPage({ stored });
    await shown(stored[0]!.audio_id);
    expect(rows()).toHaveLength(5);
    const pager = screen.getByRole('navigation', { name: 'Pages of audio pairs' });
    expect(within(pager).getByText('1–5 of 12')).toBeInTheDocument();
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await shown(stored[5]!.audio_id);
    expect(location()).toBe(pageUrl(viewAudioPairsPage, { page: 2 }));
    expect(lastQuery(server)).toEqual({ page: '2', pageSize: '5' });

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await shown(stored[10]!.audio_id);
    expect(rows()).toHaveLength(2);
    expect(within(pager).getByText('11–12 of 12')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await shown(stored[5]!.audio_id);
    expect(location()).toBe(pageUrl(viewAudioPairsPage, { page: 2 }));
  });

  it('filters by dialect and status on the server; the filters live in the URL and start over at page 1', async () => {
    const stored = [
      pair(1, { user_dialect: 'ijebu-yoruba', status: 'approved' }),
      pair(2, { user_dialect: 'ijebu-yoruba' }),
      pair(3),
    ];
    const { server, user, location } = renderPage({ stored, path: pageUrl(viewAudioPairsPage, { page: 1 }) });
    await shown(stored[2]!.audio_id);
    const dialect = screen.getByRole('combobox', { name: 'Dialect' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(dialect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All dialects', 'Standard Yoruba', 'Ekiti Yoruba', 'Ijebu Yoruba', 'Other']);
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Pending', 'Approved', 'Rejected']);

    await user.selectOptions(dialect, 'ijebu-yoruba');
    await waitFor(() => expect(screen.queryByText(stored[2]!.audio_id)).not.toBeInTheDocument());
    expect(location()).toBe(pageUrl(viewAudioPairsPage, { dialect: 'ijebu-yoruba' }));
    expect(lastQuery(server)).toEqual({ dialect: 'ijebu-yoruba', page: '1', pageSize: '5' });
    expect(rows()).toHaveLength(2);

    await user.selectOptions(status, 'approved');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rowOf(stored[0]!.audio_id)).toBeDefined();
    expect(location()).toBe(pageUrl(viewAudioPairsPage, { dialect: 'ijebu-yoruba', status: 'approved' }));

    await user.selectOptions(status, 'rejected');
    expect(await screen.findByText('No audio pairs found for the selected filters.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of audio pairs' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await shown(stored[2]!.audio_id);
    expect(location()).toBe(pageUrl(viewAudioPairsPage));
  });

  it('opens a shared link with its filters and page chosen (as after a reload)', async () => {
    const stored = Array.from({ length: 7 }, (_, i) => pair(i + 1, { user_dialect: 'other' as Dialect }));
    const { server } = renderPage({
      stored,
      path: pageUrl(viewAudioPairsPage, { dialect: 'other', status: 'pending', page: 2 }),
    });
    await shown(stored[5]!.audio_id);
    expect(screen.getByRole('combobox', { name: 'Dialect' })).toHaveValue('other');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(lastQuery(server)).toEqual({ dialect: 'other', status: 'pending', page: '2', pageSize: '5' });
    expect(screen.getByText('6–7 of 7')).toBeInTheDocument();
  });

  it('ignores filter values that are not among the choices, and goes back to the last page past the end', async () => {
    const { server, location } = renderPage({
      path: `${pageUrl(viewAudioPairsPage)}?dialect=klingon&page=9`,
    });
    await waitFor(() => expect(location()).toBe(pageUrl(viewAudioPairsPage)));
    await shown(pair(1).audio_id);
    expect(lastQuery(server)).toEqual({ page: '1', pageSize: '5' });
    expect(screen.getByRole('combobox', { name: 'Dialect' })).toHaveValue('');
  });

  it("says 'Text not found' and 'No audio' where the record has none", async () => {
    const bare = pair(1, { source_lang_text: '', target_lang_audio: '' });
    renderPage({ stored: [bare] });
    await shown(bare.audio_id);
    const row = rowOf(bare.audio_id);
    expect(within(row).getByText('Text not found')).toBeInTheDocument();
    expect(within(row).getByText('No audio')).toBeInTheDocument();
    expect(within(row).getAllByLabelText(/audio for ID/)).toHaveLength(1);
  });

  it("says which side of which pair could not be loaded, in the SPEC's words", async () => {
    const first = pair(1);
    renderPage({ stored: [first] });
    await shown(first.audio_id);
    fireEvent.error(screen.getByLabelText(`Yoruba audio for ID ${first.audio_id}`));
    expect(
      await screen.findByText(
        `Failed to load Yoruba audio for ID ${first.audio_id}. The file may be missing or inaccessible.`,
      ),
    ).toBeInTheDocument();
    // The English side still plays.
    expect(screen.getByLabelText(`English audio for ID ${first.audio_id}`)).toBeInTheDocument();
  });

  it('shows skeleton rows while loading, then the empty message when there are no pairs at all', async () => {
    let answer: (() => void) | undefined;
    renderPage({
      stored: [],
      configure: (server) =>
        server.on(
          'GET /api/audio/all',
          () =>
            new Promise((resolve) => {
              answer = () => resolve({ body: { items: [], total: 0, page: 1, pageSize: 5 } });
            }),
        ),
    });
    await waitFor(() => expect(answer).toBeDefined());
    expect(table()).toHaveAttribute('aria-busy', 'true');
    act(() => answer!());
    expect(await screen.findByText('No audio pairs found for the selected filters.')).toBeInTheDocument();
    expect(table()).not.toHaveAttribute('aria-busy');
  });

  it('shows the failure with Retry when the list cannot be fetched, and the list once Retry works', async () => {
    let fail = true;
    const first = pair(1);
    const { user } = renderPage({
      stored: [first],
      configure: (server) =>
        server.on('GET /api/audio/all', () =>
          fail
            ? errorReply(503, 'unavailable')
            : { body: { items: [first], total: 1, page: 1, pageSize: 5 } },
        ),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch audio pairs or text pairs. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await shown(first.audio_id);
  });

  it('asks a signed-out person to sign in', async () => {
    renderPage({
      configure: (server) => server.on('GET /api/audio/all', errorReply(401, 'You are not signed in.')),
    });
    expect(await screen.findByRole('heading', { name: 'Sign in to view audio pairs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', pageUrl(signinPage));
  });

  it('a contributor sees their own pairs, without the Review column or any decision button', async () => {
    const first = pair(1);
    renderPage({ role: 'contributor', stored: [first] });
    await shown(first.audio_id);
    expect(await screen.findByText('You see the audio pairs you donated.')).toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: 'Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
  });

  it('a reviewer approves a pending pair: the decision is sent, and the row shows it with who and when', async () => {
    const first = pair(1);
    const { user, server } = renderPage({ stored: [first, pair(2)] });
    await shown(first.audio_id);
    expect(
      await screen.findByText('You see every donated audio pair and can approve or reject pending ones.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Approve audio pair ${first.audio_id}` }));
    expect(await screen.findByText('Audio pair approved.')).toBeInTheDocument();
    expect(server.calls(`POST /api/audio/${first.audio_id}/decision`)[0]?.json).toEqual({
      status: 'approved',
    });
    await waitFor(() => expect(within(rowOf(first.audio_id)).getByText('Approved')).toBeInTheDocument());
    const row = rowOf(first.audio_id);
    expect(within(row).getByTestId('audio-pair-decision')).toHaveTextContent(/^Approved by r-77c1 on .*2026/);
    expect(within(row).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(row).getByText('Decided')).toBeInTheDocument();
    // The other pair is still pending.
    expect(within(rowOf(pair(2).audio_id)).getByRole('button', { name: /Approve/ })).toBeEnabled();
  });

  it('a reviewer rejects with a reason: the reason is required, sent, and shown with the decision', async () => {
    const first = pair(1);
    const { user, server } = renderPage({ stored: [first] });
    await shown(first.audio_id);
    await user.click(screen.getByRole('button', { name: `Reject audio pair ${first.audio_id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject audio pair' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason for rejecting.')).toBeInTheDocument();
    expect(server.calls(`POST /api/audio/${first.audio_id}/decision`)).toHaveLength(0);

    await user.type(reason, 'The Yoruba side is a different sentence.');
    await user.keyboard('{Tab}{Tab}');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Audio pair rejected.')).toBeInTheDocument();
    expect(server.calls(`POST /api/audio/${first.audio_id}/decision`)[0]?.json).toEqual({
      status: 'rejected',
      reason: 'The Yoruba side is a different sentence.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = rowOf(first.audio_id);
    await waitFor(() => expect(within(row).getByText('Rejected')).toBeInTheDocument());
    expect(within(row).getByText('Reason: The Yoruba side is a different sentence.')).toBeInTheDocument();
  });

  it('Cancel closes the reject dialog and sends nothing', async () => {
    const first = pair(1);
    const { user, server } = renderPage({ stored: [first] });
    await shown(first.audio_id);
    await user.click(screen.getByRole('button', { name: `Reject audio pair ${first.audio_id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject audio pair' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls(`POST /api/audio/${first.audio_id}/decision`)).toHaveLength(0);
  });

  it('a pair decided by someone else meanwhile (409): says so and shows the list as it now is', async () => {
    const first = pair(1);
    const { user, server } = renderPage({ stored: [first] });
    await shown(first.audio_id);
    // Another reviewer decides it after this page loaded.
    first.status = 'rejected';
    first.decision = { by: 'r-0b2e', at: '2026-11-21T08:00:00.000Z', reason: 'Noise' };
    const before = listCalls(server).length;
    await user.click(screen.getByRole('button', { name: `Approve audio pair ${first.audio_id}` }));
    expect(await screen.findByText('This audio pair has already been decided.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(before));
    await waitFor(() => expect(within(rowOf(first.audio_id)).getByText('Rejected')).toBeInTheDocument());
    expect(within(rowOf(first.audio_id)).getByTestId('audio-pair-decision')).toHaveTextContent(
      /^Rejected by r-0b2e on/,
    );
  });

  it('a failed decision says so and leaves the pair pending', async () => {
    const first = pair(1);
    const { user } = renderPage({
      stored: [first],
      configure: (server) =>
        server.on(`POST /api/audio/${first.audio_id}/decision`, errorReply(503, 'unavailable')),
    });
    await shown(first.audio_id);
    await user.click(screen.getByRole('button', { name: `Approve audio pair ${first.audio_id}` }));
    expect(await screen.findByText('Failed to save the decision. Please try again.')).toBeInTheDocument();
    expect(within(rowOf(first.audio_id)).getByText('Pending')).toBeInTheDocument();
  });

  // jsdom leaves <audio controls> out of the tab order (browsers put it in); the e2e plays them in Chromium.
  it('works from the keyboard: Tab reaches the filters and the decision buttons, Enter decides', async () => {
    const first = pair(1);
    const { user, server } = renderPage({ stored: [first] });
    await shown(first.audio_id);
    const reached: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      const el = document.activeElement as HTMLElement;
      reached.push(
        el.getAttribute('aria-label') ??
          (el as HTMLSelectElement).labels?.[0]?.textContent ??
          el.textContent ??
          '',
      );
    }
    expect(reached).toEqual([
      'Dialect',
      'Status',
      `Approve audio pair ${first.audio_id}`,
      `Reject audio pair ${first.audio_id}`,
    ]);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reject audio pair' });
    await user.keyboard('Wrong sentence');
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(server.calls(`POST /api/audio/${first.audio_id}/decision`)).toHaveLength(0);
  });
});

describe('View Audio Pairs in Yorùbá', () => {
  useLocaleInTest('yo');

  it('shows every word in Yorùbá, with the data as it was spoken', async () => {
    const first = pair(1, { status: 'approved', decision: { by: 'r-1', at: '2026-11-21T09:30:00.000Z' } });
    renderPage({ stored: [first] });
    await shown(first.audio_id);
    const yoTable = screen.getByRole('table', { name: 'Àwọn ohùn onímejì tí a fi tọrẹ' });
    expect(within(yoTable).getByRole('columnheader', { name: 'Nọ́mbà ohùn' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ẹ̀ka-èdè' })).toBeInTheDocument();
    expect(within(yoTable).getByText('A ti fọwọ́ sí i')).toBeInTheDocument();
    expect(within(yoTable).getByLabelText(`Ohùn Yorùbá fún nọ́mbà ${first.audio_id}`)).toBeInTheDocument();
    expect(screen.getByText('Ẹ kú àárọ̀ 1.')).toBeInTheDocument();
  });
});

describe('View Audio Pairs in the pseudo-locale', () => {
  useLocaleInTest('en-XA');

  it('has no text outside the catalogues, with rows, decisions and a failed player shown', async () => {
    const first = pair(1, {
      status: 'rejected',
      decision: { by: 'r-1', at: '2026-11-21T09:30:00.000Z', reason: 'x' },
    });
    const bare = pair(2, { source_lang_text: '', target_lang_audio: '' });
    renderPage({ stored: [first, bare] });
    await shown(first.audio_id);
    fireEvent.error(screen.getAllByLabelText(/./, { selector: 'audio' })[0]!);
    await waitFor(() => expect(document.querySelector('[data-audio-failed]')).not.toBeNull());
    expectOnlyCatalogueText(document.body);
  });
});
