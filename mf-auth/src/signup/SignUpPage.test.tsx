import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import routes from '../routes';
import { errorOf, field } from '../testing/fields';
import { errorReply, networkFailure, testUser } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { dashboardPage, pageUrl, signupPage } from '@platform/contracts/client';

const user = () => userEvent.setup();

async function openSignup() {
  const view = renderWithPlatform(routes, { path: pageUrl(signupPage), signedInAs: null });
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  return view;
}

async function fill(
  values: Partial<Record<'First name' | 'Last name' | 'Email' | 'Password' | 'Confirm password', string>>,
) {
  const u = user();
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    await u.clear(input);
    if (value) await u.type(input, value);
  }
  return u;
}

function freeAddresses(server: FakeServer) {
  server.on('POST /auth/auth/query.email', { body: { ok: false } });
}

const good = {
  'First name': 'Adaeze',
  'Last name': 'Okafor',
  Email: 'Adaeze@Example.org',
  Password: 'Secret123',
  'Confirm password': 'Secret123',
};

describe('/signup validation (SPEC §5, word for word)', () => {
  it('shows every required message on an empty submit and focuses the first invalid field', async () => {
    const { server } = await openSignup();
    await user().click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(errorOf('First name')).toBe('First name is required');
    expect(errorOf('Last name')).toBe('Last name is required');
    expect(errorOf('Email')).toBe('*Required');
    expect(errorOf('Password')).toBe('Password is required');
    expect(errorOf('Confirm password')).toBe('Confirm password is required');
    expect(field('First name')).toHaveFocus();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST /auth/auth/signup')).toHaveLength(0);
  });

  it.each([
    ['First name', 'A', 'Too short!'],
    ['First name', 'A'.repeat(21), 'Too long!'],
    ['Last name', 'B', 'Too short!'],
    ['Last name', 'B'.repeat(21), 'Too long!'],
    ['Email', 'ada@example', 'Invalid email address'],
    ['Email', 'ada@example.abcde', 'Invalid email address'],
    ['Email', 'ada example@x.org', 'Invalid email address'],
    ['Password', 'secret12', 'Password must contain: 8+ characters, 1 number, 1 uppercase letter'],
    ['Password', 'Secret1', 'Password must contain: 8+ characters, 1 number, 1 uppercase letter'],
    ['Password', 'SecretSecret', 'Password must contain: 8+ characters, 1 number, 1 uppercase letter'],
  ] as const)('%s "%s" gives "%s" once the field is left', async (label, value, message) => {
    await openSignup();
    const u = await fill({ [label]: value });
    expect(errorOf(label)).toBeUndefined();
    await u.tab();
    expect(errorOf(label)).toBe(message);
  });

  it('accepts names of 2 and 20 letters and a 2-4 letter top-level part', async () => {
    const { server } = await openSignup();
    freeAddresses(server);
    const u = await fill({ 'First name': 'Al', 'Last name': 'B'.repeat(20), Email: 'al@example.info' });
    await u.tab();
    expect(errorOf('First name')).toBeUndefined();
    expect(errorOf('Last name')).toBeUndefined();
    expect(errorOf('Email')).toBeUndefined();
  });

  it('says "Passwords do not match" when the confirmation differs', async () => {
    await openSignup();
    const u = await fill({ Password: 'Secret123', 'Confirm password': 'Secret124' });
    await u.tab();
    expect(errorOf('Confirm password')).toBe('Passwords do not match');
  });

  it('offers the three sign-up roles and no admin', async () => {
    await openSignup();
    const options = within(field('Role'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Select a role', 'Contributor', 'Reviewer', 'Researcher']);
  });
});

describe('/signup live email availability', () => {
  it('says "Email already exists" for a taken address and blocks submit', async () => {
    const { server } = await openSignup();
    server.on('POST /auth/auth/query.email', (req) => ({
      body: { ok: (req.json as { email: string }).email === 'taken@example.org' },
    }));
    await fill({ ...good, Email: 'Taken@Example.org' });
    await waitFor(() => expect(errorOf('Email')).toBe('Email already exists'));
    expect(server.calls('POST /auth/auth/query.email').at(-1)?.json).toEqual({ email: 'taken@example.org' });
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
    expect(server.calls('POST /auth/auth/signup')).toHaveLength(0);

    // Another address is checked again and frees the button.
    await fill({ Email: 'free@example.org' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled());
    expect(errorOf('Email')).toBeUndefined();
  });

  it('says "Server error" when the check fails', async () => {
    const { server } = await openSignup();
    server.on('POST /auth/auth/query.email', errorReply(500, 'Internal Server Error'));
    await fill({ Email: 'ada@example.org' });
    await waitFor(() => expect(errorOf('Email')).toBe('Server error'));
  });

  it('says "Server error" when the server cannot be reached for the check', async () => {
    const { server } = await openSignup();
    server.on('POST /auth/auth/query.email', networkFailure);
    await fill({ Email: 'ada@example.org' });
    await waitFor(() => expect(errorOf('Email')).toBe('Server error'));
  });

  it('does not ask the server about a malformed address, and waits for typing to pause', async () => {
    const { server } = await openSignup();
    freeAddresses(server);
    await fill({ Email: 'ada@example' });
    await new Promise((r) => setTimeout(r, 600));
    expect(server.calls('POST /auth/auth/query.email')).toHaveLength(0);
    await fill({ Email: 'ada@example.org' });
    await waitFor(() => expect(server.calls('POST /auth/auth/query.email')).toHaveLength(1));
  });
});

describe('/signup submit', () => {
  it('sends the form with the role, shows "Creating..." meanwhile, then shows the address on /auth/success', async () => {
    const { server } = await openSignup();
    freeAddresses(server);
    let release: () => void = () => undefined;
    server.on(
      'POST /auth/auth/signup',
      () =>
        new Promise(
          (resolve) =>
            (release = () =>
              resolve({ status: 201, body: { ok: true, token: 't', message: 'Account created.' } })),
        ),
    );
    const u = await fill(good);
    await u.selectOptions(field('Role'), 'researcher');
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    const busy = await screen.findByRole('button', { name: 'Creating...' });
    expect(busy).toBeDisabled();
    expect(field('First name')).toBeDisabled();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration Successful' }),
    ).toBeInTheDocument();
    expect(server.calls('POST /auth/auth/signup')[0]?.json).toEqual({
      firstname: 'Adaeze',
      lastname: 'Okafor',
      email: 'adaeze@example.org',
      password: 'Secret123',
      role: 'researcher',
    });
    expect(screen.getByText('adaeze@example.org')).toBeInTheDocument();
  });

  it.each([
    ['the server message', errorReply(409, 'Email already exists.'), 'Email already exists.'],
    [
      'the server message',
      errorReply(429, 'Too many requests. Please wait a few minutes and try again.'),
      'Too many requests. Please wait a few minutes and try again.',
    ],
    [
      'the fallback when a server failure has no usable message',
      errorReply(500, 'Internal Server Error'),
      'Something went wrong. Please try again.',
    ],
  ])('shows %s in an Error box', async (_what, reply, message) => {
    const { server } = await openSignup();
    freeAddresses(server);
    server.on('POST /auth/auth/signup', reply);
    const u = await fill(good);
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
    expect(screen.getByText(message).closest('[role="alert"]')).toHaveTextContent(`Error${message}`);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('says "Sign Up is currently undergoing maintenance." when the server cannot be reached', async () => {
    const { server } = await openSignup();
    freeAddresses(server);
    server.on('POST /auth/auth/signup', networkFailure);
    const u = await fill(good);
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Sign Up is currently undergoing maintenance.')).toBeInTheDocument();
  });

  it('explains that Google sign-in is not available instead of doing nothing', async () => {
    await openSignup();
    await user().click(screen.getByRole('button', { name: 'Sign Up with Google' }));
    expect(screen.getByText('Google sign-in is not available on this site.')).toBeInTheDocument();
  });

  it('sends a signed-in visitor to /dashboard without showing the form', async () => {
    renderWithPlatform(routes, { path: pageUrl(signupPage), signedInAs: testUser });
    expect(await screen.findByRole('heading', { level: 1, name: 'Elsewhere' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(pageUrl(dashboardPage));
  });
});

describe('/signup?role= (the landing page’s role buttons)', () => {
  const openWith = async (search: string) => {
    const view = renderWithPlatform(routes, { path: `/signup${search}`, signedInAs: null });
    await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
    return view;
  };

  it.each([
    ['contributor', 'Contributor'],
    ['reviewer', 'Reviewer'],
    ['researcher', 'Researcher'],
  ])('?role=%s chooses %s in the form', async (role, shown) => {
    await openWith(`?role=${role}`);
    expect(field('Role')).toHaveValue(role);
    expect(within(field('Role')).getByRole('option', { selected: true })).toHaveTextContent(shown);
  });

  it.each(['?role=admin', '?role=manager', '?role=Reviewer', '?role=', '?role=validator', ''])(
    '"%s" leaves the role to choose',
    async (search) => {
      await openWith(search);
      expect(field('Role')).toHaveValue('');
      expect(errorOf('Role')).toBeUndefined();
    },
  );

  it('sends the role the link chose', async () => {
    const { server } = await openWith('?role=reviewer');
    freeAddresses(server);
    server.on('POST /auth/auth/signup', {
      status: 201,
      body: { ok: true, token: 't', message: 'Account created.' },
    });
    const u = await fill(good);
    await u.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByRole('heading', { level: 1, name: 'Registration Successful' });
    expect(server.calls('POST /auth/auth/signup')[0]?.json).toMatchObject({ role: 'reviewer' });
  });

  it('lets the person choose another role than the link’s', async () => {
    await openWith('?role=researcher');
    await user().selectOptions(field('Role'), 'contributor');
    expect(field('Role')).toHaveValue('contributor');
  });
});
