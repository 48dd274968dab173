import type { InquiryRow } from '@platform/contracts';
import { renderWithPlatform, seriousViolations } from '@platform/remote-kit/testing';
import { screen, within } from '@testing-library/react';
import { errorReply, installFakeServer, testUser, withFakeXhr } from '@platform/store/testing';
import type { FakeServer } from '@platform/store/testing';
import { SettingsPage } from './SettingsPage';
import { pageUrl, settingsPage } from '@platform/contracts/client';

type Role = 'contributor' | 'reviewer' | 'researcher' | 'manager' | 'admin';
const hex = (n: number) => n.toString(16).padStart(24, '0');

const inquiries: InquiryRow[] = [
  {
    id: hex(0xc001),
    firstName: 'Chidinma',
    lastName: 'Eze',
    email: 'chidinma@example.org',
    interest: 'Enterprise partnership',
    languages: 'Igbo, Hausa',
    createdAt: '2026-11-20T10:30:00.000Z',
  },
  {
    id: hex(0xc002),
    firstName: 'Bayo',
    lastName: 'Adeyemi',
    email: 'bayo@example.org',
    interest: 'Accessing the dataset for research',
    languages: '',
    createdAt: '2026-11-18T08:00:00.000Z',
  },
];

/** Settings as someone of `role`, the gateway's inquiries answered by `answer` (all of them, filtered by it). */
function renderInquiries(
  { role = 'admin', path = pageUrl(settingsPage, { tab: 'inquiries' }) }: { role?: Role; path?: string } = {},
  configure?: (server: FakeServer) => void,
) {
  const server = installFakeServer();
  server.on('GET /auth/session', { body: { user: { ...testUser, role } } });
  server.on('GET /api/admin/inquiries', (r) => {
    const q = r.search.get('q')?.toLowerCase();
    const interest = r.search.get('interest');
    const items = inquiries.filter(
      (i) =>
        (!q || `${i.firstName} ${i.lastName} ${i.email} ${i.languages}`.toLowerCase().includes(q)) &&
        (!interest || i.interest === interest),
    );
    return { body: { items, total: items.length, page: 1, pageSize: 20 } };
  });
  configure?.(server);
  const view = renderWithPlatform(<SettingsPage />, { path });
  return { ...view, server };
}

describe('Settings → Inquiries', () => {
  withFakeXhr();

  it("lists the contact form's inquiries for admins: name, mailto link, interest, languages and date", async () => {
    const { server } = renderInquiries();
    expect(await screen.findByRole('tab', { name: 'Inquiries' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: '2 inquiries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('rowheader', { name: 'Chidinma Eze' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'chidinma@example.org' })).toHaveAttribute(
      'href',
      'mailto:chidinma@example.org',
    );
    expect(first.getByText('Enterprise partnership')).toBeInTheDocument();
    expect(first.getByText('Igbo, Hausa')).toBeInTheDocument();
    expect(first.getByText(/2026/)).toHaveAttribute('datetime', '2026-11-20T10:30:00.000Z');
    // No languages given: said so, not an empty cell.
    expect(within(rows[1]!).getByText('Not given')).toBeInTheDocument();
    expect(Object.fromEntries(server.calls('GET /api/admin/inquiries')[0]!.search)).toEqual({
      page: '1',
      pageSize: '20',
    });
  });

  it('asks the server for one interest, and for the words searched', async () => {
    const { user, server } = renderInquiries();
    await screen.findByRole('table', { name: '2 inquiries' });
    const interest = screen.getByRole('combobox', { name: 'Interest' });
    expect(
      within(interest)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All interests',
      'Contributing speech data',
      'Validating submissions',
      'Accessing the dataset for research',
      'Enterprise partnership',
      'Other inquiry',
    ]);
    await user.selectOptions(interest, 'Accessing the dataset for research');
    const table = await screen.findByRole('table', { name: '1 inquiry' });
    expect(within(table).getByRole('rowheader', { name: 'Bayo Adeyemi' })).toBeInTheDocument();
    expect(Object.fromEntries(server.calls('GET /api/admin/inquiries').at(-1)!.search)).toEqual({
      interest: 'Accessing the dataset for research',
      page: '1',
      pageSize: '20',
    });

    await user.selectOptions(interest, 'All interests');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, e-mail or languages' }), 'hausa');
    expect(
      within(await screen.findByRole('table', { name: '1 inquiry' })).getByRole('rowheader', {
        name: 'Chidinma Eze',
      }),
    ).toBeInTheDocument();
    expect(server.calls('GET /api/admin/inquiries').at(-1)!.search.get('q')).toBe('hausa');

    await user.type(screen.getByRole('searchbox'), ' nobody');
    expect(await screen.findByText('No inquiries match this search.')).toBeInTheDocument();
  });

  it("says 'No inquiries yet.' while nobody has written", async () => {
    renderInquiries({}, (s) =>
      s.on('GET /api/admin/inquiries', { body: { items: [], total: 0, page: 1, pageSize: 20 } }),
    );
    expect(await screen.findByText('No inquiries yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failure with Retry, and the list once the retry succeeds', async () => {
    let failing = true;
    const { user } = renderInquiries({}, (s) =>
      s.on('GET /api/admin/inquiries', () =>
        failing
          ? errorReply(500, 'Internal Server Error')
          : { body: { items: inquiries, total: 2, page: 1, pageSize: 20 } },
      ),
    );
    expect(await screen.findByText('The inquiries could not be loaded')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: '2 inquiries' })).toBeInTheDocument();
  });

  it('pages through many inquiries on the server', async () => {
    const { user, server } = renderInquiries({}, (s) =>
      s.on('GET /api/admin/inquiries', (r) => ({
        body: { items: inquiries, total: 45, page: Number(r.search.get('page')), pageSize: 20 },
      })),
    );
    const pages = await screen.findByRole('navigation', { name: 'Pages of inquiries' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(server.calls('GET /api/admin/inquiries').at(-1)!.search.get('page')).toBe('2');
  });

  it('shows no Inquiries tab to anyone but an admin, and asks for none', async () => {
    const { server } = renderInquiries({ role: 'manager' });
    expect(await screen.findByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Inquiries' })).not.toBeInTheDocument();
    expect(server.calls('GET /api/admin/inquiries')).toEqual([]);
  });

  it('has no serious accessibility violations', async () => {
    renderInquiries();
    await screen.findByRole('table', { name: '2 inquiries' });
    expect(await seriousViolations()).toEqual([]);
  });
});
