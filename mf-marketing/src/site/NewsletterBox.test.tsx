import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply } from '@platform/store/testing';
import { NewsletterBox } from './NewsletterBox';

function renderBox() {
  const view = renderWithPlatform(<NewsletterBox />, { signedInAs: null });
  const email = screen.getByLabelText('Email address');
  const subscribe = () => view.user.click(screen.getByRole('button', { name: 'Subscribe' }));
  return { ...view, email, subscribe };
}

const status = () => screen.getByRole('status');

describe('the newsletter box', () => {
  it('asks for the confirmation mail and says to check the inbox', async () => {
    const { server, user, email, subscribe } = renderBox();
    server.on('POST /api/newsletter', { status: 202, body: { accepted: true } });
    await user.type(email, '  ada@example.org ');
    await subscribe();
    expect(await screen.findByText('Check your inbox to confirm your subscription.')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Check your inbox to confirm your subscription.');
    expect(server.calls('POST /api/newsletter').map((r) => r.json)).toEqual([{ email: 'ada@example.org' }]);
    expect(email).toHaveValue('');
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks for an address before sending anything', async () => {
    const { server, email, subscribe } = renderBox();
    await subscribe();
    expect(status()).toHaveTextContent('Enter your email address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(server.calls('POST /api/newsletter')).toEqual([]);
  });

  it('says when the address is not a valid one, before sending it', async () => {
    const { server, user, email, subscribe } = renderBox();
    await user.type(email, 'ada@example');
    await subscribe();
    expect(status()).toHaveTextContent('Enter a valid email address, such as name@example.com.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('ada@example');
    expect(server.calls('POST /api/newsletter')).toEqual([]);
  });

  it('says so too when the server refuses the address', async () => {
    const { server, user, email, subscribe } = renderBox();
    server.on('POST /api/newsletter', errorReply(400, 'The request is not valid.'));
    await user.type(email, 'ada@example.org');
    await subscribe();
    expect(
      await screen.findByText('Enter a valid email address, such as name@example.com.'),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('says to wait after too many attempts', async () => {
    const { server, user, email, subscribe } = renderBox();
    server.on('POST /api/newsletter', errorReply(429, 'Too many requests. Please try again later.'));
    await user.type(email, 'ada@example.org');
    await subscribe();
    expect(
      await screen.findByText('Too many attempts. Please try again in a few minutes.'),
    ).toBeInTheDocument();
  });

  it('says when it could not subscribe', async () => {
    const { server, user, email, subscribe } = renderBox();
    server.on('POST /api/newsletter', errorReply(500, 'Something went wrong.'));
    await user.type(email, 'ada@example.org');
    await subscribe();
    expect(
      await screen.findByText('We could not subscribe you right now. Please try again.'),
    ).toBeInTheDocument();
    expect(email).toHaveValue('ada@example.org');
  });
});
