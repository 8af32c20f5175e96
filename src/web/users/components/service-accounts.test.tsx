import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@contract/api-tokens';
import type { User } from '@contract/users';
import { Toaster } from '@/components/ui/toaster';
import { makeToken } from '@/test/api-tokens';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';
import { UsersPage } from '@/users/components/users-page';
import { apiError, makeUser, requestsTo, stubApi, TEST_TIMEOUT } from '@/users/test/fixtures';

const bob = makeUser();
const bot = makeUser({
  id: 'user-9',
  name: 'deploy-bot',
  email: 'deploy-bot@service-accounts.invalid',
  kind: 'service',
});

const token = (overrides: Partial<ApiToken> = {}) =>
  makeToken({ id: 'tok-9', userId: 'user-9', name: 'release', ...overrides });

function stubUsers(extra: Record<string, unknown> = {}, users: User[] = [bob, bot]) {
  return stubApi({
    'GET /api/users': ({ url }) =>
      Response.json(url.includes('kind=service') ? users.filter((u) => u.kind === 'service') : users),
    'GET /api/user-profiles': [],
    'GET /api/tenants/options': optionsHandler([]),
    ...extra,
  });
}

function renderPage(path = '/users', globalRole = 'admin') {
  return renderWithProviders(
    <>
      <UsersPage />
      <Toaster />
    </>,
    { path, queryClient: queryClientWithMe(makeMe({ globalRole })) },
  );
}

const card = async (name: string) => within(await screen.findByRole('article', { name }));

async function openMenu(name: string) {
  await userEvent.click((await card(name)).getByRole('button', { name: `Actions for ${name}` }));
  return within(await screen.findByRole('menu'));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Service accounts on the Users page', { timeout: TEST_TIMEOUT }, () => {
  it('badges service accounts, and only them', async () => {
    stubUsers();
    renderPage();
    expect((await card('deploy-bot')).getByTestId('service-account-badge')).toHaveTextContent(
      'Service account',
    );
    expect((await card('Bob Stone')).queryByTestId('service-account-badge')).not.toBeInTheDocument();
  });

  it('filters by kind through ?kind=', async () => {
    const fetchMock = stubUsers();
    const { router } = renderPage();
    await screen.findByRole('article', { name: 'Bob Stone' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind filter' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Service accounts' }));

    await waitFor(() => expect(router.state.location.search).toBe('?kind=service'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET', '/api/users').at(-1)?.url).toBe(
        '/api/users?kind=service&sort=name&limit=25&offset=0',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bob Stone' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'deploy-bot' })).toBeInTheDocument();
  });

  it('offers no password for a service account, and API tokens for everyone', async () => {
    stubUsers();
    renderPage();
    const menu = await openMenu('deploy-bot');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit user',
      'API tokens',
      'Delete',
    ]);
  });

  it('adds a service account: POST, toast, list refreshed', async () => {
    const fetchMock = stubUsers({
      'POST /api/service-accounts': () => Response.json(bot, { status: 201 }),
    });
    renderPage();
    await screen.findByRole('article', { name: 'Bob Stone' });
    await userEvent.click(screen.getByRole('button', { name: 'Add service account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add service account' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add service account' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();

    await userEvent.type(dialog.getByLabelText('Name'), 'deploy-bot');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Global Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add service account' }));

    expect(await screen.findByText('Service account created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/service-accounts')[0]?.body).toEqual({
      name: 'deploy-bot',
      globalRole: 'admin',
    });
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/users')).toHaveLength(2));
  });

  it('puts a refused name beside the field, with the server message in a toast', async () => {
    stubUsers({ 'POST /api/service-accounts': apiError(409, 'A user with this name already exists') });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add service account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add service account' }));
    await userEvent.type(dialog.getByLabelText('Name'), 'deploy-bot');
    await userEvent.click(dialog.getByRole('button', { name: 'Add service account' }));
    expect(await dialog.findByText('A user with this name already exists')).toBeInTheDocument();
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it("lists a service account's tokens, revokes one and creates one through the users endpoint", async () => {
    let revoked = false;
    const fetchMock = stubUsers({
      'GET /api/users/user-9/tokens': () =>
        Response.json([token({ status: revoked ? 'revoked' : 'active' })]),
      'DELETE /api/users/user-9/tokens/tok-9': () => {
        revoked = true;
        return new Response(null, { status: 204 });
      },
      'GET /api/tokens/policy': { defaultDays: 90, maxDays: 365 },
      'POST /api/users/user-9/tokens': () =>
        Response.json({ ...token({ id: 'tok-10', name: 'nightly' }), token: 'rmt_secret' }, { status: 201 }),
    });
    renderPage();
    await userEvent.click((await openMenu('deploy-bot')).getByRole('menuitem', { name: 'API tokens' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'API tokens' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Revoke release' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE', '/api/users/user-9/tokens/tok-9')).toHaveLength(1);
    await waitFor(() => expect(dialog.getByTestId('token-status')).toHaveTextContent('Revoked'));

    await userEvent.click(dialog.getByRole('button', { name: 'Create token' }));
    const create = within(await screen.findByRole('dialog', { name: 'Create token' }));
    await userEvent.type(await create.findByLabelText('Name'), 'nightly');
    await userEvent.click(create.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByDisplayValue('rmt_secret')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/users/user-9/tokens')).toHaveLength(1);
  });

  it("lists a person's tokens without Create token: people create their own", async () => {
    stubUsers({ 'GET /api/users/user-2/tokens': [token({ userId: 'user-2', name: 'laptop' })] });
    renderPage();
    await userEvent.click((await openMenu('Bob Stone')).getByRole('menuitem', { name: 'API tokens' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'API tokens' }));
    expect(await dialog.findByRole('listitem', { name: 'laptop' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
  });

  it('hides Add service account from non-administrators', async () => {
    stubUsers();
    renderPage('/users', 'user');
    await screen.findByRole('article', { name: 'Bob Stone' });
    expect(screen.queryByRole('button', { name: 'Add service account' })).not.toBeInTheDocument();
  });
});
