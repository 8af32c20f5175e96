import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User, UserIdentity } from '@contract/users';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';
import { UsersPage } from '@/users/components/users-page';
import { apiError, makeUser, requestsTo, stubApi, TEST_TIMEOUT } from '@/users/test/fixtures';

const bob = makeUser({ revision: 4 });
const bot = makeUser({
  id: 'user-9',
  name: 'deploy-bot',
  email: 'bot@service-accounts.invalid',
  kind: 'service',
});
const identity: UserIdentity = {
  id: 'ident-1',
  issuer: 'https://idp.example.com',
  subject: 'bob-at-idp',
  email: 'bob.stone@example.com',
  linkedAt: '2026-11-01T10:00:00.000Z',
  unlinkedAt: null,
};

function stubUsers(extra: Record<string, unknown> = {}, users: User[] = [bob, bot]) {
  return stubApi({
    'GET /api/users': users,
    'GET /api/user-profiles': [],
    'GET /api/tenants/options': optionsHandler([]),
    ...extra,
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <UsersPage />
      <Toaster />
    </>,
    { path: '/users', queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
}

async function openMenu(name: string) {
  const card = within(await screen.findByRole('article', { name }));
  await userEvent.click(card.getByRole('button', { name: `Actions for ${name}` }));
  return within(await screen.findByRole('menu'));
}

async function openIdentities() {
  await userEvent.click((await openMenu('Bob Stone')).getByRole('menuitem', { name: 'Single sign-on' }));
  return within(await screen.findByRole('dialog', { name: 'Single sign-on' }));
}

async function confirmUnlink(dialog: ReturnType<typeof within>) {
  await userEvent.click(await dialog.findByRole('button', { name: 'Unlink bob-at-idp' }));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }),
  );
}

/** The If-Match of the DELETE requests made to `path`, in order. */
const ifMatchOf = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'DELETE' && String(input) === path)
    .map(([, init]) => new Headers(init?.headers).get('if-match'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Single sign-on identities on the Users page', { timeout: TEST_TIMEOUT }, () => {
  it("lists a person's identities and unlinks one under the user's revision", async () => {
    let linked: UserIdentity[] = [identity];
    const fetchMock = stubUsers({
      'GET /api/users/user-2/identities': () => Response.json(linked),
      'DELETE /api/users/user-2/identities/ident-1': () => {
        linked = [{ ...identity, unlinkedAt: '2026-11-02T10:00:00.000Z' }];
        return new Response(null, { status: 204 });
      },
    });
    renderPage();
    const dialog = await openIdentities();
    expect(await dialog.findByText('https://idp.example.com')).toBeInTheDocument();
    expect(dialog.getByText('bob-at-idp')).toBeInTheDocument();

    await confirmUnlink(dialog);
    expect(await screen.findByText('Identity unlinked')).toBeInTheDocument();
    expect(ifMatchOf(fetchMock, '/api/users/user-2/identities/ident-1')).toEqual(['"4"']);
    // The unlinked identity stays listed, refused from now on, with no Unlink.
    expect(await dialog.findByText(/^Unlinked /)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Unlink bob-at-idp' })).not.toBeInTheDocument();
  });

  it('says so when the user changed since (412), and on any other error', async () => {
    stubUsers({
      'GET /api/users/user-2/identities': [identity],
      'DELETE /api/users/user-2/identities/ident-1': () =>
        Response.json(
          {
            message: 'Stale',
            code: 'PRECONDITION_FAILED',
            currentRevision: 5,
            current: { ...bob, revision: 5 },
          },
          { status: 412 },
        ),
    });
    renderPage();
    const dialog = await openIdentities();
    await confirmUnlink(dialog);
    expect(await screen.findByText('Not unlinked')).toBeInTheDocument();

    stubUsers({
      'GET /api/users/user-2/identities': [identity],
      'DELETE /api/users/user-2/identities/ident-1': apiError(409, 'The user is busy'),
    });
    await confirmUnlink(dialog);
    expect(await screen.findByText('The user is busy')).toBeInTheDocument();
  });

  it('shows the empty and error states, and offers no identities for a service account', async () => {
    const fetchMock = stubUsers({ 'GET /api/users/user-2/identities': apiError(500, 'Database down') });
    renderPage();
    const dialog = await openIdentities();
    expect(await dialog.findByText('Could not load the identities')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const botMenu = await openMenu('deploy-bot');
    expect(botMenu.queryByRole('menuitem', { name: 'Single sign-on' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/users/user-9/identities')).toHaveLength(0);
  });
});
