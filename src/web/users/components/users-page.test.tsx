import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@contract/auth';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';
import { UsersPage } from '@/users/components/users-page';
import {
  apiError,
  makeProfile,
  makeTenant,
  makeUser,
  never,
  requestsTo,
  stubApi,
  TEST_TIMEOUT,
} from '@/users/test/fixtures';

const admin = makeUser({
  id: 'user-1',
  name: 'Alice Johnson',
  email: 'alice@example.com',
  globalRole: 'admin',
});
const bob = makeUser({ avatarUrl: 'https://example.com/bob.png' });
const cher = makeUser({ id: 'user-3', name: 'Cher', email: 'cher@example.com', status: 'inactive' });
const tenants = [makeTenant(), makeTenant({ id: 'tenant-002', name: 'Globex' })];
const profiles = [
  makeProfile({
    id: 'p1',
    userId: 'user-1',
    tenantId: 'tenant-001',
    role: 'owner',
    displayName: 'Alice Johnson',
  }),
  makeProfile({
    id: 'p2',
    userId: 'user-2',
    tenantId: 'tenant-001',
    role: 'developer',
    displayName: 'Bobby',
  }),
  makeProfile({ id: 'p3', userId: 'user-2', tenantId: 'tenant-002', role: 'member', jobTitle: null }),
  makeProfile({ id: 'p4', userId: 'user-2', tenantId: 'tenant-gone', role: 'admin', jobTitle: 'Lead' }),
];

function stubUsers(users = [admin, bob, cher]) {
  return stubApi({
    'GET /api/users': ({ url }) => Response.json(url.includes('q=') ? [] : users),
    'GET /api/user-profiles': profiles,
    'GET /api/tenants/options': optionsHandler(tenants),
  });
}

function renderPage(me: Me = makeMe({ globalRole: 'admin' })) {
  return renderWithProviders(
    <>
      <UsersPage />
      <Toaster />
    </>,
    { path: '/users', queryClient: queryClientWithMe(me) },
  );
}

const card = async (name: string) => within(await screen.findByRole('article', { name }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UsersPage', { timeout: TEST_TIMEOUT }, () => {
  it('shows a card per user with avatar initials (at most 2), role and status badges', async () => {
    stubUsers();
    renderPage();
    expect(screen.getByRole('heading', { name: 'User Management', level: 1 })).toBeInTheDocument();
    expect(await screen.findAllByTestId('user-card')).toHaveLength(3);

    const alice = await card('Alice Johnson');
    expect(alice.getByTestId('user-avatar-fallback')).toHaveTextContent(/^AJ$/);
    expect(alice.getByText('alice@example.com')).toBeInTheDocument();
    expect(alice.getByTestId('global-role-badge')).toHaveTextContent('admin');
    expect(alice.getByTestId('global-role-badge')).toHaveAttribute('data-variant', 'default');
    expect(alice.getByTestId('status-badge')).toHaveTextContent('Active');

    // An image that has not loaded (jsdom never loads it) leaves the initials.
    expect((await card('Bob Stone')).getByTestId('user-avatar-fallback')).toHaveTextContent(/^BS$/);
    const single = await card('Cher');
    expect(single.getByTestId('user-avatar-fallback')).toHaveTextContent(/^CH$/);
    expect(single.getByTestId('global-role-badge')).toHaveAttribute('data-variant', 'outline');
    expect(single.getByTestId('status-badge')).toHaveTextContent('Inactive');
  });

  it("lists tenant access: names, role badges, job titles, 'Display as', 'Unknown Tenant'", async () => {
    stubUsers();
    renderPage();
    const bobCard = await card('Bob Stone');
    const entries = bobCard.getAllByTestId('tenant-access');
    expect(entries).toHaveLength(3);

    const [acme, globex, gone] = entries.map((entry) => within(entry));
    expect(acme!.getByText('Acme Corp')).toBeInTheDocument();
    expect(acme!.getByTestId('tenant-role-badge')).toHaveAttribute('data-variant', 'secondary');
    expect(acme!.getByText('Frontend Engineer')).toBeInTheDocument();
    expect(acme!.getByText('Display as Bobby')).toBeInTheDocument();

    expect(globex!.getByText('Globex')).toBeInTheDocument();
    expect(globex!.getByTestId('tenant-role-badge')).toHaveTextContent('member');
    expect(globex!.getByTestId('tenant-role-badge')).toHaveAttribute('data-variant', 'outline');
    expect(globex!.queryByText(/^Display as/)).not.toBeInTheDocument();

    expect(gone!.getByText('Unknown Tenant')).toBeInTheDocument();
    expect(gone!.getByTestId('tenant-role-badge')).toHaveAttribute('data-variant', 'default');

    // Owner highlighted; a display name equal to the user's name is not repeated.
    const alice = await card('Alice Johnson');
    expect(alice.getByTestId('tenant-role-badge')).toHaveAttribute('data-variant', 'default');
    expect(alice.queryByText(/^Display as/)).not.toBeInTheDocument();
  });

  it("says 'No tenant access configured' for a user without profiles", async () => {
    stubUsers();
    renderPage();
    expect((await card('Cher')).getByText('No tenant access configured')).toBeInTheDocument();
  });

  it("shows 'No users found' with 'Get started by adding your first user' when there are none", async () => {
    stubUsers([]);
    renderPage();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first user')).toBeInTheDocument();
  });

  it("searches on the server (debounced ?q=) and hints 'Try adjusting your search criteria'", async () => {
    const fetchMock = stubUsers();
    renderPage();
    await screen.findAllByTestId('user-card');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/users').map((r) => r.url)).toEqual([
      '/api/users?sort=name&limit=25&offset=0',
      '/api/users?q=zzz&sort=name&limit=25&offset=0',
    ]);
  });

  it("shows 'Loading users...' while loading", () => {
    stubApi({
      'GET /api/users': never,
      'GET /api/user-profiles': profiles,
      'GET /api/tenants/options': optionsHandler(tenants),
    });
    renderPage();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
  });

  it('shows an error state and recovers on Retry', async () => {
    let fail = true;
    stubApi({
      'GET /api/users': () => (fail ? apiError(503, 'Database unavailable') : Response.json([bob])),
      'GET /api/user-profiles': profiles,
      'GET /api/tenants/options': optionsHandler(tenants),
    });
    renderPage();
    expect(await screen.findByText('Could not load users')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('user-card')).toHaveLength(1);
  });

  it('offers Add User, the card menu and Manage Access to administrators', async () => {
    stubUsers();
    renderPage();
    const bobCard = await card('Bob Stone');
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
    expect(bobCard.getByRole('button', { name: 'Manage Access' })).toBeInTheDocument();
    await userEvent.click(bobCard.getByRole('button', { name: 'Actions for Bob Stone' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit user', 'Reset password', 'Single sign-on', 'API tokens', 'Delete']);
  });

  it('hides Add User and the menu from other users; Manage Access only for tenant owners', async () => {
    stubUsers();
    const { unmount } = renderPage(makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'developer' }] }));
    await screen.findAllByTestId('user-card');
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Access' })).not.toBeInTheDocument();
    unmount();

    renderPage(makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'owner' }] }));
    await screen.findAllByTestId('user-card');
    expect(screen.getAllByRole('button', { name: 'Manage Access' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
  });

  it("deletes a user after confirmation: toast 'User deleted'", async () => {
    const fetchMock = stubApi({
      'GET /api/users': [admin, bob],
      'GET /api/user-profiles': profiles,
      'GET /api/tenants/options': optionsHandler(tenants),
      'DELETE /api/users/user-2': new Response(null, { status: 204 }),
    });
    renderPage();
    await userEvent.click((await card('Bob Stone')).getByRole('button', { name: 'Actions for Bob Stone' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Bob Stone \(bob.stone@example.com\)/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE', '/api/users/user-2')).toHaveLength(1);
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/users')).toHaveLength(2));
  });

  it("shows the server's refusal of a delete in an 'Error' toast", async () => {
    stubApi({
      'GET /api/users': [admin],
      'GET /api/user-profiles': [],
      'GET /api/tenants/options': optionsHandler(tenants),
      'DELETE /api/users/user-1': apiError(409, 'You cannot delete yourself'),
    });
    renderPage();
    await userEvent.click(
      (await card('Alice Johnson')).getByRole('button', { name: 'Actions for Alice Johnson' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('You cannot delete yourself')).toBeInTheDocument();
  });

  it("resets a password (at least 12 characters, not easy to guess): toast 'Password reset'", async () => {
    const fetchMock = stubApi({
      'GET /api/users': [bob],
      'GET /api/user-profiles': [],
      'GET /api/tenants/options': optionsHandler(tenants),
      'POST /api/users/user-2/password': new Response(null, { status: 204 }),
    });
    renderPage();
    await userEvent.click((await card('Bob Stone')).getByRole('button', { name: 'Actions for Bob Stone' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset password' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('New Password'), 'short');
    await userEvent.click(dialog.getByRole('button', { name: 'Reset Password' }));
    expect(await dialog.findByText('Password must be at least 12 characters')).toBeInTheDocument();

    // Long enough but a very common password: the contract's reason, before anything is sent.
    await userEvent.clear(dialog.getByLabelText('New Password'));
    await userEvent.type(dialog.getByLabelText('New Password'), '123456789012');
    await userEvent.click(dialog.getByRole('button', { name: 'Reset Password' }));
    expect(await dialog.findByText(/^This is a very common password\./)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/users/user-2/password')).toEqual([]);

    await userEvent.clear(dialog.getByLabelText('New Password'));
    await userEvent.type(dialog.getByLabelText('New Password'), 'a-long-new-password');
    await userEvent.click(dialog.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/users/user-2/password')[0]?.body).toEqual({
      password: 'a-long-new-password',
    });
  });
});
