import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer, networkFailure } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { NewsletterPage } from './NewsletterPage';
import { forgetRedemptions } from './redeemToken';
import { landingPage, newsletterPage, pageUrl } from '@platform/contracts/client';

const TOKEN = 'Abc123_-abc123XYZ789';

function renderPage(path: string, configure: (server: FakeServer) => void = () => {}) {
  const server = installFakeServer();
  configure(server);
  return { ...renderWithPlatform(<NewsletterPage />, { path }), server };
}

afterEach(forgetRedemptions);

describe(pageUrl(newsletterPage), () => {
  it('confirms a subscription from the mailed link, once, showing progress meanwhile', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { server } = renderPage(`/newsletter?confirm=${TOKEN}`, (s) =>
      s.on('POST /api/newsletter/confirm', async () => {
        await answered;
        return { body: { status: 'subscribed' } };
      }),
    );
    expect(await screen.findByText('Checking your link…')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { level: 2, name: "You're subscribed" })).toBeInTheDocument();
    // StrictMode runs the page's effect twice: the token is still posted only once.
    expect(server.calls('POST /api/newsletter/confirm').map((r) => r.json)).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', pageUrl(landingPage));
  });

  it('unsubscribes from the link every mail carries', async () => {
    const { server } = renderPage(`/newsletter?unsubscribe=${TOKEN}`, (s) =>
      s.on('POST /api/newsletter/unsubscribe', { body: { status: 'unsubscribed' } }),
    );
    expect(await screen.findByRole('heading', { name: 'You have been unsubscribed' })).toBeInTheDocument();
    expect(server.calls('POST /api/newsletter/unsubscribe').map((r) => r.json)).toEqual([{ token: TOKEN }]);
    expect(server.calls('POST /api/newsletter/confirm')).toEqual([]);
  });

  it('says an unknown or used link is not valid any more', async () => {
    renderPage(`/newsletter?confirm=${TOKEN}`, (s) =>
      s.on(
        'POST /api/newsletter/confirm',
        errorReply(404, 'This link is not valid any more. Please subscribe again.'),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByText('This link is not valid any more. Please subscribe again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('does not send a token that is not one', async () => {
    const { server } = renderPage(pageUrl(newsletterPage, { confirm: 'short' }));
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.startsWith('/api/newsletter'))).toEqual([]);
  });

  it('offers to try again when the server cannot be reached, and then confirms', async () => {
    let down = true;
    const { user, server } = renderPage(`/newsletter?confirm=${TOKEN}`, (s) =>
      s.on('POST /api/newsletter/confirm', (request) =>
        down ? networkFailure(request) : { body: { status: 'subscribed' } },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'We could not reach the server' })).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: "You're subscribed" })).toBeInTheDocument();
    expect(server.calls('POST /api/newsletter/confirm')).toHaveLength(2);
  });

  it('without a link, explains where to subscribe and links to the home page', async () => {
    const { server } = renderPage(pageUrl(newsletterPage));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Subscribe from the footer' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/a confirmation link that works for 72 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      pageUrl(landingPage),
    );
    expect(server.requests.filter((r) => r.path.startsWith('/api/newsletter'))).toEqual([]);
  });
});
