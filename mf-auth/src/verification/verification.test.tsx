import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import routes from '../routes';
import { errorOf, field } from '../testing/fields';
import { errorReply, networkFailure } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { forgetRedemptions } from './redeemLink';
import { rememberSignupEmail } from './signupEmail';
import {
  pageUrl,
  registrationSuccessPage,
  signinPage,
  verificationLinkPage,
  verifyEmailPage,
} from '@platform/contracts/client';

beforeEach(() => {
  forgetRedemptions();
  sessionStorage.clear();
});

const accepted = {
  status: 202,
  body: {
    ok: true,
    message: 'If this address has an account waiting for verification, a new link is on its way.',
  },
};

/** A resend the test lets answer when it wants, to see the busy label meanwhile. */
function heldResend(server: FakeServer) {
  let release: () => void = () => undefined;
  server.on('POST /auth/resend', () => new Promise((resolve) => (release = () => resolve(accepted))));
  return () => release();
}

describe(pageUrl(registrationSuccessPage), () => {
  it('shows the address from the sign-up, and Resend really sends: "Sending..." then the notice for 3 s', async () => {
    const { server } = renderWithPlatform(routes, {
      path: pageUrl(registrationSuccessPage),
      state: { email: 'ada@example.org' },
      signedInAs: null,
    });
    expect(await screen.findByText('ada@example.org')).toBeInTheDocument();
    expect(screen.getByText('The link expires in 24 hours.')).toBeInTheDocument();
    const release = heldResend(server);
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(server.calls('POST /auth/resend')[0]?.json).toEqual({ email: 'ada@example.org' });
    act(() => release());
    expect(await screen.findByText('Verification email sent successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
    await waitFor(
      () => expect(screen.queryByText('Verification email sent successfully!')).not.toBeInTheDocument(),
      {
        timeout: 4000,
      },
    );
  });

  it('still knows the address after a reload (this tab remembers it)', async () => {
    rememberSignupEmail('kemi@example.org');
    renderWithPlatform(routes, { path: pageUrl(registrationSuccessPage), signedInAs: null });
    expect(await screen.findByText('kemi@example.org')).toBeInTheDocument();
  });

  it('never shows a placeholder when the address is unknown, and points to Get Link instead', async () => {
    renderWithPlatform(routes, { path: pageUrl(registrationSuccessPage), signedInAs: null });
    await screen.findByRole('heading', { level: 1, name: 'Registration Successful' });
    expect(screen.queryByText(/\{email\}/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'get a new link' })).toHaveAttribute(
      'href',
      pageUrl(verificationLinkPage),
    );
  });

  it('shows why a resend was refused (rate limit)', async () => {
    const { server } = renderWithPlatform(routes, {
      path: pageUrl(registrationSuccessPage),
      state: { email: 'ada@example.org' },
      signedInAs: null,
    });
    server.on(
      'POST /auth/resend',
      errorReply(429, 'Too many requests. Please wait a few minutes and try again.'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a few minutes and try again.',
    );
  });
});

describe(pageUrl(verifyEmailPage), () => {
  const state = () => document.querySelector('[data-verify-state]')?.getAttribute('data-verify-state');

  it('verifying, then success with the address, from the token in the link (one call even in StrictMode)', async () => {
    const { server } = renderWithPlatform(routes, {
      path: pageUrl(verifyEmailPage, { token: 'abc123' }),
      signedInAs: null,
    });
    let release: () => void = () => undefined;
    server.on(
      'POST /auth/verify',
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: {
                ok: true,
                status: 'verified',
                message: 'Your account is verified!',
                email: 'ada@example.org',
              },
            });
        }),
    );
    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('POST /auth/verify')).toHaveLength(1));
    act(() => release());
    expect(await screen.findByText('Your account is verified!')).toBeInTheDocument();
    expect(screen.getByText('ada@example.org')).toBeInTheDocument();
    expect(server.calls('POST /auth/verify')).toHaveLength(1);
    expect(server.calls('POST /auth/verify')[0]?.json).toEqual({ token: 'abc123' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to Sign In' }));
    expect(screen.getByTestId('location')).toHaveTextContent(pageUrl(signinPage));
  });

  it('expired: Resend Email sends a new link ("Resending..." meanwhile)', async () => {
    const { server } = renderWithPlatform(routes, {
      path: pageUrl(verifyEmailPage, { token: 'old' }),
      signedInAs: null,
    });
    server.on(
      'POST /auth/verify',
      errorReply(410, 'This verification link has expired.', { status: 'expired', email: 'ada@example.org' }),
    );
    const button = await screen.findByRole('button', { name: 'Resend Email' });
    expect(state()).toBe('expired');
    const release = heldResend(server);
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Resending...' })).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('Verification email sent successfully!')).toBeInTheDocument();
    expect(server.calls('POST /auth/resend')[0]?.json).toEqual({ email: 'ada@example.org' });
  });

  it('invalid: "Invalid verification link." with a way to get a new one', async () => {
    const { server } = renderWithPlatform(routes, {
      path: pageUrl(verifyEmailPage, { token: 'nope' }),
      signedInAs: null,
    });
    server.on('POST /auth/verify', errorReply(400, 'Invalid verification link.', { status: 'invalid' }));
    expect(await screen.findByText('Invalid verification link.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute(
      'href',
      pageUrl(verificationLinkPage),
    );
    expect(screen.queryByRole('button', { name: 'Resend Email' })).not.toBeInTheDocument();
  });

  it('a link without a token is invalid without asking the server', async () => {
    const { server } = renderWithPlatform(routes, { path: pageUrl(verifyEmailPage), signedInAs: null });
    expect(await screen.findByText('Invalid verification link.')).toBeInTheDocument();
    expect(server.calls('POST /auth/verify')).toHaveLength(0);
  });

  it.each([
    ['a server failure', errorReply(500, 'Internal Server Error')],
    ['no server', networkFailure],
  ] as const)(
    'error on %s: "Something went wrong. Try again." and Try again asks again',
    async (_what, failure) => {
      const { server } = renderWithPlatform(routes, {
        path: pageUrl(verifyEmailPage, { token: 'abc' }),
        signedInAs: null,
      });
      server.on('POST /auth/verify', failure);
      expect(await screen.findByText('Something went wrong. Try again.')).toBeInTheDocument();
      server.on('POST /auth/verify', {
        body: { ok: true, status: 'verified', message: 'ok', email: 'ada@example.org' },
      });
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Your account is verified!')).toBeInTheDocument();
    },
  );
});

describe('/auth/veremail (Get Link)', () => {
  it('checks the address, sends, and answers with the same neutral confirmation', async () => {
    const { server } = renderWithPlatform(routes, { path: pageUrl(verificationLinkPage), signedInAs: null });
    await screen.findByRole('heading', { level: 1, name: 'Get a Verification Link' });
    await userEvent.click(screen.getByRole('button', { name: 'Get Link' }));
    expect(errorOf('Email')).toBe('*Required');
    expect(field('Email')).toHaveFocus();
    await userEvent.type(field('Email'), 'nobody@example');
    await userEvent.click(screen.getByRole('button', { name: 'Get Link' }));
    expect(errorOf('Email')).toBe('Invalid email address');
    expect(server.calls('POST /auth/resend')).toHaveLength(0);

    const release = heldResend(server);
    await userEvent.type(field('Email'), '.org');
    await userEvent.click(screen.getByRole('button', { name: 'Get Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    act(() => release());
    expect(
      await screen.findByText(
        'If this address has an account waiting for verification, a new link is on its way.',
      ),
    ).toBeInTheDocument();
    expect(server.calls('POST /auth/resend')[0]?.json).toEqual({ email: 'nobody@example.org' });
  });
});
