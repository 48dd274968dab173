import { screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@platform/contracts';
import { downloadsPage, ERROR_MESSAGES, pageUrl } from '@platform/contracts/client';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { expectOnlyCatalogueText, useLocaleInTest } from '@platform/i18n/testing';
import { ApiTokensPanel } from './ApiTokensPanel';

const SECRET = `plt_${'Zk3'.repeat(14)}Q`;

function token(n: number, overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: n.toString(16).padStart(24, '0'),
    name: `Script ${n}`,
    prefix: `plt_abc${n}defg`.slice(0, 12),
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

type Role = 'contributor' | 'reviewer' | 'researcher' | 'admin';

/** A fake gateway keeping `stored` as the person's live tokens, as /api/tokens does. */
function renderPanel({
  role = 'researcher',
  stored = [token(1, { lastUsedAt: '2026-11-24T08:15:00.000Z' }), token(2)],
  configure,
}: { role?: Role; stored?: ApiToken[]; configure?: (server: FakeServer) => void } = {}) {
  const server = installFakeServer();
  server.on('GET /auth/session', { body: { user: { ...testUser, role } } });
  server.on('GET /api/tokens', () => ({ body: { items: [...stored] } }));
  server.on('POST /api/tokens', (r) => {
    if (stored.length >= 10) return errorReply(409, ERROR_MESSAGES['api_token.limit']);
    const created = token(100 + stored.length, {
      name: (r.json as { name: string }).name,
      prefix: SECRET.slice(0, 12),
    });
    stored.unshift(created);
    return { status: 201, body: { token: created, secret: SECRET } };
  });
  for (const each of stored) {
    server.on(`DELETE /api/tokens/${each.id}`, () => {
      const at = stored.findIndex((t) => t.id === each.id);
      if (at < 0) return errorReply(404, ERROR_MESSAGES['api_token.not_found']);
      stored.splice(at, 1);
      return { body: { id: each.id, revoked: true } };
    });
  }
  configure?.(server);
  const view = renderWithPlatform(<ApiTokensPanel />, { path: pageUrl(downloadsPage) });
  return { ...view, server, stored };
}

const table = (name = 'Your tokens') => screen.getByRole('table', { name });
const rows = (name?: string) => within(table(name)).getAllByRole('row').slice(1);
const rowOf = (name: string, tableName?: string) => rows(tableName).find((r) => within(r).queryByText(name))!;

describe('API tokens panel', () => {
  it('lists the tokens: name, prefix, when created and last used, never a secret', async () => {
    renderPanel();
    expect(await screen.findByRole('heading', { level: 2, name: 'API tokens' })).toBeInTheDocument();
    expect(await screen.findByText('Script 1')).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Starts with', 'Created', 'Last used', 'Actions']);
    expect(within(rowOf('Script 1')).getByText('plt_abc1defg…')).toBeInTheDocument();
    expect(within(rowOf('Script 1')).getByText(/Nov 24, 2026/)).toBeInTheDocument();
    expect(within(rowOf('Script 2')).getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('(2 of 10)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The API described in OpenAPI' })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
  });

  it('says so when there are no tokens yet', async () => {
    renderPanel({ stored: [] });
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();
  });

  it.each(['contributor', 'reviewer'] as const)('shows a %s one line and calls nothing', async (role) => {
    const { server } = renderPanel({ role });
    expect(await screen.findByText('API tokens are for researchers and admins.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'API tokens' })).not.toBeInTheDocument();
    expect(server.calls('GET /api/tokens')).toHaveLength(0);
  });

  it('is there for admins too', async () => {
    renderPanel({ role: 'admin' });
    expect(await screen.findByText('Script 1')).toBeInTheDocument();
  });

  it('creates a token: a name is required, the secret is shown once with a warning and copied', async () => {
    const { user, server } = renderPanel();
    await screen.findByText('Script 1');
    const name = screen.getByRole('textbox', { name: /Token name/ });
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Please give the token a name.')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(server.calls('POST /api/tokens')).toHaveLength(0);

    await user.type(name, '  Lab server {Enter}');
    const secretBox = await screen.findByTestId('api-token-secret');
    expect(server.calls('POST /api/tokens')[0]?.json).toEqual({ name: 'Lab server' });
    expect(within(secretBox).getByRole('heading', { name: 'Your new token: Lab server' })).toHaveFocus();
    expect(secretBox).toHaveTextContent('You will not see it again.');
    expect(within(secretBox).getByRole('textbox', { name: 'Token' })).toHaveValue(SECRET);
    const copied = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValueOnce(undefined);
    await user.click(within(secretBox).getByRole('button', { name: 'Copy token' }));
    expect(copied).toHaveBeenCalledWith(SECRET);
    expect(within(secretBox).getByRole('status')).toHaveTextContent('Token copied.');
    // The list is read again and shows the new token by its prefix only.
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rowOf('Lab server')).getByText(`${SECRET.slice(0, 12)}…`)).toBeInTheDocument();
    expect(table()).not.toHaveTextContent(SECRET);

    await user.click(within(secretBox).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('api-token-secret')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(name).toHaveFocus();
  });

  it('selects the secret for the person when the clipboard refuses', async () => {
    const { user } = renderPanel();
    await screen.findByText('Script 1');
    await user.type(screen.getByRole('textbox', { name: /Token name/ }), 'CI{Enter}');
    const secretBox = await screen.findByTestId('api-token-secret');
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(within(secretBox).getByRole('button', { name: 'Copy token' }));
    expect(await within(secretBox).findByText(/copy it with your keyboard/)).toBeInTheDocument();
    expect(within(secretBox).getByRole('textbox', { name: 'Token' })).toHaveFocus();
  });

  it('explains the cap: the form is disabled at 10, and a refusal shows the reason', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => token(i + 1));
    renderPanel({ stored: ten });
    await screen.findByText('Script 10');
    expect(screen.getByRole('button', { name: 'Create token' })).toBeDisabled();
    expect(
      screen.getByText('You have 10 tokens, the most you can hold. Revoke one to create another.'),
    ).toBeInTheDocument();
  });

  it('shows the server refusal in the field when a create is refused', async () => {
    const { user } = renderPanel({
      configure: (server) =>
        server.on('POST /api/tokens', errorReply(409, ERROR_MESSAGES['api_token.limit'])),
    });
    await screen.findByText('Script 1');
    await user.type(screen.getByRole('textbox', { name: /Token name/ }), 'One more{Enter}');
    expect(await screen.findByText(ERROR_MESSAGES['api_token.limit'])).toBeInTheDocument();
    expect(screen.queryByTestId('api-token-secret')).not.toBeInTheDocument();
  });

  it('revokes after confirmation; cancelling keeps the token', async () => {
    const { user, server } = renderPanel();
    await screen.findByText('Script 1');
    await user.click(screen.getByRole('button', { name: 'Revoke the token Script 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(dialog).toHaveTextContent('Scripts that use “Script 2” will stop working at once.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls(`DELETE /api/tokens/${token(2).id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke the token Script 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('Token “Script 2” revoked')).toBeInTheDocument();
    expect(server.calls(`DELETE /api/tokens/${token(2).id}`)).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Your tokens/ })).toHaveFocus();
  });

  it('keeps the dialog open and says so when a revoke fails', async () => {
    const { user } = renderPanel({
      configure: (server) => server.on(`DELETE /api/tokens/${token(1).id}`, errorReply(503, 'unavailable')),
    });
    await screen.findByText('Script 1');
    await user.click(screen.getByRole('button', { name: 'Revoke the token Script 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('The token could not be revoked. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Revoke this token?' })).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = renderPanel({
      configure: (server) =>
        server.on('GET /api/tokens', () =>
          fail ? errorReply(503, 'unavailable') : { body: { items: [token(1)] } },
        ),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your API tokens could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Script 1')).toBeInTheDocument();
  });
});

describe('API tokens panel in Yorùbá', () => {
  useLocaleInTest('yo');

  it('speaks Yorùbá, with the tokens’ names as they were given', async () => {
    renderPanel();
    expect(await screen.findByRole('heading', { level: 2, name: 'Àmì API' })).toBeInTheDocument();
    expect(await screen.findByText('Script 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ṣẹ̀dá àmì' })).toBeInTheDocument();
    expect(within(rowOf('Script 2', 'Àwọn àmì rẹ')).getByText('Kò tíì lò ó rí')).toBeInTheDocument();
  });
});

describe('API tokens panel in the pseudo-locale', () => {
  useLocaleInTest('en-XA');

  it('has no text outside the catalogues, with the list, a new secret and the revoke dialog open', async () => {
    const { user } = renderPanel();
    await screen.findByText('Script 1');
    await user.type(screen.getByRole('textbox'), 'CI{Enter}');
    await screen.findByTestId('api-token-secret');
    await user.click(screen.getAllByRole('button', { name: /Script 2/ })[0]!);
    await screen.findByRole('dialog');
    expectOnlyCatalogueText(document.body);
  });

  it('has no text outside the catalogues for someone who may not hold tokens', async () => {
    renderPanel({ role: 'contributor' });
    await screen.findByTestId('api-tokens-note');
    expectOnlyCatalogueText(document.body);
  });
});
