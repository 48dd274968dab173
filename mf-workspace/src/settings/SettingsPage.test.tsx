import type { AccountRow, NotificationSettings, Profile, SpeakerDetails } from '@platform/contracts';
import { landingPage, pageUrl, settingsPage, signinPage } from '@platform/contracts/client';
import { renderWithPlatform, seriousViolations } from '@platform/remote-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr, errorReply, installFakeServer, testUser, withFakeXhr } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { SettingsPage } from './SettingsPage';

type Role = 'contributor' | 'reviewer' | 'researcher' | 'manager' | 'admin';
const hex = (n: number) => n.toString(16).padStart(24, '0');

const profile: Profile = {
  id: testUser.id,
  email: testUser.email,
  role: 'reviewer',
  fullName: 'Adaeze Okafor',
  username: 'adaeze',
  bio: 'I record Igbo and Yoruba.',
  languages: [{ language: 'ig', proficiency: 'native' }],
  pendingEmail: null,
  avatarUrl: null,
  createdAt: '2026-10-01T09:00:00.000Z',
};
const speaker: SpeakerDetails = { ageRange: null, gender: null, accent: null };
const notifications: NotificationSettings = {
  email: true,
  taskAssignments: true,
  taskReminders: true,
  projectUpdates: true,
  digest: 'daily',
};

function account(n: number, role: AccountRow['role']): AccountRow {
  return {
    id: hex(0xb000 + n),
    name: `Person ${n}`,
    email: `person${n}@example.org`,
    username: null,
    role,
    verified: true,
    createdAt: '2026-10-01T09:00:00.000Z',
  };
}

function renderSettings(
  { role = 'reviewer', path = pageUrl(settingsPage) }: { role?: Role; path?: string } = {},
  configure?: (server: FakeServer) => void,
) {
  const server = installFakeServer();
  server.on('GET /auth/session', { body: { user: { ...testUser, role } } });
  let stored = { ...profile, role };
  server.on('GET /api/settings/profile', () => ({ body: stored }));
  server.on('PUT /api/settings/profile', (r) => {
    stored = { ...stored, ...(r.json as object) };
    return { body: stored };
  });
  server.on('GET /api/user/speaker-details', { body: speaker });
  server.on('PUT /api/user/speaker-details', (r) => ({ body: r.json }));
  let savedNotifications = notifications;
  server.on('GET /api/settings/notifications', () => ({ body: savedNotifications }));
  server.on('PUT /api/settings/notifications', (r) => {
    savedNotifications = r.json as NotificationSettings;
    return { body: savedNotifications };
  });
  server.on('PUT /api/settings/password', { body: { ended: 2 } });
  configure?.(server);
  const view = renderWithPlatform(<SettingsPage />, { path });
  return { ...view, server };
}

describe('Settings', () => {
  withFakeXhr();

  it('moves between Profile, Account and Notifications with the arrow keys, Home and End', async () => {
    const { user, location } = renderSettings();
    const profileTab = await screen.findByRole('tab', { name: 'Profile' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Account',
      'Notifications',
    ]);
    expect(profileTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Profile' })).toBeInTheDocument();

    await user.click(profileTab);
    await user.keyboard('{ArrowRight}');
    const accountTab = screen.getByRole('tab', { name: 'Account' });
    expect(accountTab).toHaveFocus();
    expect(accountTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Account' })).toBeInTheDocument();
    expect(location()).toBe(pageUrl(settingsPage, { tab: 'account' }));

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });

  it('opens the Account tab from ?tab=account', async () => {
    renderSettings({ path: pageUrl(settingsPage, { tab: 'account' }) });
    expect(await screen.findByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Password' })).toBeInTheDocument();
  });

  it("saves the profile's fields, languages and speaker details, and says 'Profile updated'", async () => {
    const { user, server } = renderSettings();
    const fullName = await screen.findByRole('textbox', { name: /Full name/ });
    expect(fullName).toHaveValue('Adaeze Okafor');
    await user.clear(fullName);
    await user.type(fullName, 'Adaeze N. Okafor');
    await user.clear(screen.getByRole('textbox', { name: 'Bio' }));
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), 'Igbo speaker.');
    await user.click(screen.getByRole('button', { name: 'Add a language' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language 2' }), 'Yoruba');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Proficiency in Yoruba' }), 'Advanced');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Age range' }), '30–39');
    await user.type(screen.getByRole('textbox', { name: 'Accent' }), 'Onitsha');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(server.calls('PUT /api/settings/profile').at(-1)?.json).toEqual({
      fullName: 'Adaeze N. Okafor',
      username: 'adaeze',
      bio: 'Igbo speaker.',
      languages: [
        { language: 'ig', proficiency: 'native' },
        { language: 'yo', proficiency: 'advanced' },
      ],
    });
    expect(server.calls('PUT /api/user/speaker-details').at(-1)?.json).toEqual({
      ageRange: 'thirties',
      gender: null,
      accent: 'Onitsha',
    });
  });

  it('removes a language row and refuses an empty name without sending', async () => {
    const { user, server } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Remove Igbo' }));
    expect(screen.queryByRole('combobox', { name: 'Language 1' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Full name/ }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Please enter your full name.')).toBeInTheDocument();
    expect(server.calls('PUT /api/settings/profile')).toEqual([]);
  });

  it('shows a taken username beside the field', async () => {
    const { user } = renderSettings({}, (server) =>
      server.on('PUT /api/settings/profile', errorReply(409, 'This username is already taken.')),
    );
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    const username = screen.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(username).toHaveAccessibleDescription(/This username is already taken\./));
  });

  it('uploads a chosen avatar with its progress, then shows it in place of the initials', async () => {
    const { user, server } = renderSettings();
    const png = new File([new Uint8Array(1000)], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choose an image'), png);
    expect(await screen.findByRole('img', { name: 'Preview of your new photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));

    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/settings/avatar']);
    expect((xhr.body!.get('avatar') as File).name).toBe('me.png');
    act(() => xhr.progress(500, 1000));
    expect(screen.getByRole('progressbar', { name: 'Uploading your photo' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    server.on('GET /api/settings/profile', { body: { ...profile, avatarUrl: '/api/avatars/me?v=1' } });
    act(() => xhr.respond(200, { ...profile, avatarUrl: '/api/avatars/me?v=1' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      '/api/avatars/me?v=1',
    );
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });

  it('refuses an avatar over 2 MB before sending it', async () => {
    const { user, server } = renderSettings();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choose an image'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('An avatar may be at most 2 MB.');
    expect(screen.queryByRole('button', { name: 'Upload photo' })).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/settings/avatar')).toEqual([]);
  });

  it("says 'Passwords do not match' and sends nothing when the confirmation differs", async () => {
    const { user, server } = renderSettings({ path: pageUrl(settingsPage, { tab: 'account' }) });
    const section = (await screen.findByRole('heading', { name: 'Password' })).closest('section')!;
    expect(
      within(section).getByText('At least 8 characters with letters, numbers and special characters.'),
    ).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Current password'), 'old-Pass1!');
    await user.type(within(section).getByLabelText('New password'), 'New-Pass1!');
    await user.type(within(section).getByLabelText('Confirm new password'), 'New-Pass2!');
    await user.click(within(section).getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(within(section).getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The new password and confirmation do not match.',
    );
    expect(server.calls('PUT /api/settings/password')).toEqual([]);
  });

  it('changes the password and says how many other sessions ended', async () => {
    const { user, server } = renderSettings({ path: pageUrl(settingsPage, { tab: 'account' }) });
    const section = (await screen.findByRole('heading', { name: 'Password' })).closest('section')!;
    await user.type(within(section).getByLabelText('Current password'), 'old-Pass1!');
    await user.type(within(section).getByLabelText('New password'), 'New-Pass1!');
    await user.type(within(section).getByLabelText('Confirm new password'), 'New-Pass1!');
    await user.click(within(section).getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(screen.getByText('You were signed out of 2 other sessions.')).toBeInTheDocument();
    expect(server.calls('PUT /api/settings/password')[0]?.json).toEqual({
      currentPassword: 'old-Pass1!',
      newPassword: 'New-Pass1!',
      confirmPassword: 'New-Pass1!',
    });
  });

  it('asks for a new e-mail address with the current password and shows it as pending', async () => {
    const { user, server } = renderSettings({ path: pageUrl(settingsPage, { tab: 'account' }) }, (s) =>
      s.on('POST /api/settings/email', (r) => ({
        status: 202,
        body: { pendingEmail: (r.json as { email: string }).email },
      })),
    );
    const section = (await screen.findByRole('heading', { name: 'E-mail address' })).closest('section')!;
    expect(await within(section).findByText(testUser.email)).toBeInTheDocument();
    await user.type(within(section).getByLabelText('New e-mail address'), 'ada@new.example.org');
    await user.type(within(section).getByLabelText('Current password'), 'my-Pass1!');
    await user.click(within(section).getByRole('button', { name: 'Change e-mail address' }));
    expect(await within(section).findByText('ada@new.example.org')).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent(
      'We sent a link to your new address. Your address changes when you follow it. Waiting for confirmation:',
    );
    expect(server.calls('POST /api/settings/email')[0]?.json).toEqual({
      email: 'ada@new.example.org',
      currentPassword: 'my-Pass1!',
    });
  });

  it('signs out everywhere, then goes to /signin', async () => {
    const { user, server, location } = renderSettings(
      { path: pageUrl(settingsPage, { tab: 'account' }) },
      (s) => s.on('POST /api/settings/sign-out-everywhere', { body: { ended: 3 } }),
    );
    const section = (await screen.findByRole('heading', { name: 'Sign out everywhere' })).closest('section')!;
    await user.click(within(section).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(location()).toBe(pageUrl(signinPage)));
    expect(server.calls('POST /api/settings/sign-out-everywhere')).toHaveLength(1);
  });

  it('deletes the account after the current password is confirmed in a dialog, then goes to /', async () => {
    const { user, server, location } = renderSettings(
      { path: pageUrl(settingsPage, { tab: 'account' }) },
      (s) =>
        s.on('DELETE /api/settings/account', (r) =>
          (r.json as { currentPassword: string }).currentPassword === 'my-Pass1!'
            ? { body: { done: true } }
            : errorReply(422, 'The current password is not correct.'),
        ),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();
    expect(location()).toBe(pageUrl(settingsPage, { tab: 'account' }));

    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'my-Pass1!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(location()).toBe(pageUrl(landingPage)));
    expect(server.calls('DELETE /api/settings/account').at(-1)?.json).toEqual({
      currentPassword: 'my-Pass1!',
    });
  });

  it('saves the notification toggles and digest, and shows them again after a reload', async () => {
    const { user, server, unmount } = renderSettings({
      path: pageUrl(settingsPage, { tab: 'notifications' }),
    });
    const assignments = await screen.findByRole('switch', { name: 'Task Assignments' });
    expect(assignments).toBeChecked();
    await user.click(assignments);
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Notification preferences saved')).toBeInTheDocument();
    expect(server.calls('PUT /api/settings/notifications')[0]?.json).toEqual({
      ...notifications,
      taskAssignments: false,
      digest: 'weekly',
    });
    unmount();
    renderWithPlatform(<SettingsPage />, { path: pageUrl(settingsPage, { tab: 'notifications' }) });
    expect(await screen.findByRole('switch', { name: 'Task Assignments' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  });

  it('gives admins an Accounts tab that searches, filters and changes a role; admins are not editable', async () => {
    const people = [account(1, 'contributor'), account(2, 'admin')];
    const { user, server } = renderSettings(
      { role: 'admin', path: pageUrl(settingsPage, { tab: 'accounts' }) },
      (s) => {
        s.on('GET /api/admin/accounts', (r) => {
          const q = r.search.get('q');
          const items = people.filter(
            (p) => (!q || p.name.includes(q)) && (!r.search.get('role') || p.role === r.search.get('role')),
          );
          return { body: { items, total: items.length, page: 1, pageSize: 20 } };
        });
        s.on(`PUT /api/admin/accounts/${people[0]!.id}/role`, (r) => {
          people[0] = { ...people[0]!, ...(r.json as { role: AccountRow['role'] }) };
          return { body: people[0] };
        });
      },
    );
    const table = await screen.findByRole('table', { name: '2 accounts' });
    expect(within(table).getByRole('rowheader', { name: 'Person 2' })).toBeInTheDocument();
    expect(within(table).queryByRole('combobox', { name: 'Role of Person 2' })).not.toBeInTheDocument();
    expect(within(table).getByText('Admin')).toBeInTheDocument();

    await user.selectOptions(
      within(table).getByRole('combobox', { name: 'Role of Person 1' }),
      'Project manager',
    );
    expect(await screen.findByText('Person 1 is now: Project manager')).toBeInTheDocument();
    expect(server.calls(`PUT /api/admin/accounts/${people[0]!.id}/role`)[0]?.json).toEqual({
      role: 'manager',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Admin');
    expect(await screen.findByRole('table', { name: '1 account' })).toBeInTheDocument();
    expect(Object.fromEntries(server.calls('GET /api/admin/accounts').at(-1)!.search)).toEqual({
      role: 'admin',
      page: '1',
      pageSize: '20',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, username or e-mail' }), 'Nobody');
    expect(await screen.findByText('No accounts match this search.')).toBeInTheDocument();
  });

  it('opens the Accounts list a link describes, keeps each change in the address, and another tab starts afresh', async () => {
    const people = [account(1, 'contributor'), account(3, 'reviewer'), account(4, 'reviewer')];
    const { user, server, location } = renderSettings(
      { role: 'admin', path: pageUrl(settingsPage, { tab: 'accounts', q: 'Person', role: 'reviewer' }) },
      (s) => {
        s.on('GET /api/admin/accounts', (r) => {
          const q = r.search.get('q');
          const items = people.filter(
            (p) => (!q || p.name.includes(q)) && (!r.search.get('role') || p.role === r.search.get('role')),
          );
          return { body: { items, total: items.length, page: 1, pageSize: 20 } };
        });
      },
    );
    expect(await screen.findByRole('table', { name: '2 accounts' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name, username or e-mail' })).toHaveValue(
      'Person',
    );
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('reviewer');
    expect(Object.fromEntries(server.calls('GET /api/admin/accounts').at(-1)!.search)).toEqual({
      q: 'Person',
      role: 'reviewer',
      page: '1',
      pageSize: '20',
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Contributor');
    expect(location()).toBe(pageUrl(settingsPage, { tab: 'accounts', q: 'Person', role: 'contributor' }));
    expect(await screen.findByRole('table', { name: '1 account' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Inquiries' }));
    expect(location()).toBe(pageUrl(settingsPage, { tab: 'inquiries' }));
  });

  it('shows no Accounts tab to anyone but an admin', async () => {
    renderSettings({ role: 'manager', path: pageUrl(settingsPage, { tab: 'accounts' }) });
    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Accounts' })).not.toBeInTheDocument();
  });

  it('has no serious accessibility violations on each tab', async () => {
    const { user } = renderSettings({ role: 'admin' });
    await screen.findByRole('textbox', { name: /Full name/ });
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Account' }));
    await screen.findByRole('heading', { name: 'Password' });
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    await screen.findByRole('switch', { name: 'Email Notifications' });
    expect(await seriousViolations()).toEqual([]);
  });
});
