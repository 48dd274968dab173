import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import routes from '../routes';
import { errorOf, field } from '../testing/fields';
import { errorReply, networkFailure, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import {
  dashboardPage,
  downloadsPage,
  pageUrl,
  signinPage,
  verificationLinkPage,
} from '@platform/contracts/client';

async function openSignin(path = pageUrl(signinPage)) {
  const view = renderWithPlatform(routes, { path, signedInAs: null });
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  return view;
}

async function submit(email: string, password: string) {
  const u = userEvent.setup();
  if (email) await u.type(field('Email'), email);
  if (password) await u.type(field('Password'), password);
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
  return u;
}

describe('/signin validation (SPEC §5)', () => {
  it('says "*Required" and "Password is required" on an empty submit, focusing the email', async () => {
    const { server } = await openSignin();
    await submit('', '');
    expect(errorOf('Email')).toBe('*Required');
    expect(errorOf('Password')).toBe('Password is required');
    expect(field('Email')).toHaveFocus();
    expect(server.calls('POST /auth/signin')).toHaveLength(0);
  });

  it('says "Invalid email address" for a malformed address and focuses it', async () => {
    const { server } = await openSignin();
    await submit('ada@example', 'whatever');
    expect(errorOf('Email')).toBe('Invalid email address');
    expect(errorOf('Password')).toBeUndefined();
    expect(field('Email')).toHaveFocus();
    expect(server.calls('POST /auth/signin')).toHaveLength(0);
  });

  it('does not apply the sign-up strength rule to a password being signed in with', async () => {
    const { server } = await openSignin();
    server.on('POST /auth/signin', errorReply(401, 'Incorrect password'));
    await submit('ada@example.org', 'short');
    await waitFor(() => expect(server.calls('POST /auth/signin')).toHaveLength(1));
  });
});

describe('/signin answers (SPEC §8)', () => {
  it('an unverified account: "Invalid Login", the SPEC sentence and a Get Link link to /auth/veremail', async () => {
    const { server } = await openSignin();
    server.on('POST /auth/signin', errorReply(403, 'Email not verified'));
    await submit('Ada@Example.org', 'Secret123');
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Invalid Login');
    expect(box).toHaveTextContent('Your email has not been verified. Check your inbox or get a new link.');
    expect(screen.getByRole('link', { name: 'Get Link' })).toHaveAttribute(
      'href',
      pageUrl(verificationLinkPage),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Get Link' }));
    // The address typed here is carried over to the Get Link page.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get a Verification Link' }),
    ).toBeInTheDocument();
    expect(field('Email')).toHaveValue('ada@example.org');
  });

  it('a wrong password or unknown address: "Incorrect email or password."', async () => {
    const { server } = await openSignin();
    server.on('POST /auth/signin', errorReply(401, 'Incorrect password'));
    await submit('ada@example.org', 'Secret123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(server.calls('POST /auth/signin')[0]?.json).toEqual({
      email: 'ada@example.org',
      password: 'Secret123',
    });
  });

  it('too many attempts: the server message as is', async () => {
    const { server } = await openSignin();
    server.on(
      'POST /auth/signin',
      errorReply(429, 'Too many sign-in attempts. Please wait a minute and try again.'),
    );
    await submit('ada@example.org', 'Secret123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Please wait a minute and try again.',
    );
  });

  it('a server failure without a usable message: "Invalid login."', async () => {
    const { server } = await openSignin();
    server.on('POST /auth/signin', errorReply(500, 'Internal Server Error'));
    await submit('ada@example.org', 'Secret123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login.');
  });

  it('no server: "Server is unavailable. Please try again later."', async () => {
    const { server } = await openSignin();
    server.on('POST /auth/signin', networkFailure);
    await submit('ada@example.org', 'Secret123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server is unavailable. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});

describe('/signin success', () => {
  function signsIn(server: FakeServer) {
    let signedIn = false;
    server.on('POST /auth/signin', () => {
      signedIn = true;
      return { body: { ok: true, token: testUser.id, message: 'Signed in' } };
    });
    server.on('GET /auth/session', () =>
      signedIn ? { body: { user: testUser } } : errorReply(401, 'You are not signed in.'),
    );
  }

  it('shows "Loading..." while signing in, then goes to /dashboard', async () => {
    const { server } = await openSignin();
    let release: () => void = () => undefined;
    let signedIn = false;
    server.on(
      'POST /auth/signin',
      () =>
        new Promise((resolve) => {
          release = () => {
            signedIn = true;
            resolve({ body: { ok: true, token: testUser.id, message: 'Signed in' } });
          };
        }),
    );
    server.on('GET /auth/session', () => (signedIn ? { body: { user: testUser } } : errorReply(401, 'no')));
    await submit('ada@example.org', 'Secret123');
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(field('Email')).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(pageUrl(dashboardPage)));
    // The session was read again before leaving, so the next page finds the person signed in.
    expect(server.calls('GET /auth/session').length).toBeGreaterThanOrEqual(2);
  });

  it('returns to the page the visitor was sent away from (?next=)', async () => {
    const { server } = await openSignin(
      pageUrl(signinPage, { next: pageUrl(downloadsPage, { tab: 'history' }) }),
    );
    signsIn(server);
    await submit('ada@example.org', 'Secret123');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(pageUrl(downloadsPage, { tab: 'history' })),
    );
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example'])(
    'ignores a ?next= that would leave the site (%s)',
    async (next) => {
      const { server } = await openSignin(`/signin?next=${encodeURIComponent(next)}`);
      signsIn(server);
      await submit('ada@example.org', 'Secret123');
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    },
  );

  it('sends a visitor who is already signed in to /dashboard', async () => {
    renderWithPlatform(routes, { path: pageUrl(signinPage), signedInAs: testUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(pageUrl(dashboardPage));
  });

  it('explains that Google sign-in is not available instead of doing nothing', async () => {
    await openSignin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In with Google' }));
    const note = screen.getByText('Google sign-in is not available on this site.');
    expect(note.closest('[role="status"]')).not.toBeNull();
  });
});
