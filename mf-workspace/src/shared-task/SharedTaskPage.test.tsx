import { screen } from '@testing-library/react';
import type { PublicTask } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer } from '@platform/store/testing';
import type { FakeReply } from '@platform/store/testing';
import { SharedTaskPage } from './SharedTaskPage';
import { pageUrl, sharedTaskPage } from '@platform/contracts/client';

const token = 'tok_abcdefghijklmnopqrstuv';
const shared: PublicTask = {
  description: 'Record 50 sentences',
  project: 'Lagos News',
  languages: ['yo', 'ha'],
  priority: 'high',
  dueDate: '2026-12-10',
  state: 'active',
  overdue: true,
  target: { kind: 'recordings', count: 50, done: 20, percent: 40 },
  quality: 92,
  updatedAt: '2026-11-25T10:00:00.000Z',
};

function renderShared(reply: FakeReply, path = `/shared/task?token=${token}`) {
  const server = installFakeServer();
  server.on('GET /auth/session', errorReply(401, 'You are not signed in.'));
  server.on(`GET /api/public/tasks/${token}`, reply);
  renderWithPlatform(<SharedTaskPage />, { path });
  return server;
}

describe('Shared task', () => {
  it("shows a signed-out visitor the task's progress", async () => {
    renderShared({ body: shared });
    expect(await screen.findByText('Record 50 sentences')).toBeInTheDocument();
    expect(screen.getByText('Lagos News')).toBeInTheDocument();
    expect(screen.getByText('Yorùbá, Hausa')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress towards the target' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('92%')).toBeInTheDocument();
  });

  it('says the link is not shared any more once it is revoked', async () => {
    renderShared(errorReply(404, 'This link is not shared any more.'));
    expect(await screen.findByText('This link is not shared any more.')).toBeInTheDocument();
  });

  it('says the same of a malformed link, without asking the server', async () => {
    const server = renderShared({ body: shared }, pageUrl(sharedTaskPage, { token: 'short' }));
    expect(await screen.findByText('This link is not shared any more.')).toBeInTheDocument();
    expect(server.calls(`GET /api/public/tasks/short`)).toHaveLength(0);
  });

  it('offers a retry when the server fails', async () => {
    renderShared({ status: 503, body: { code: 'server.internal' } });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
