import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@contract/settings';
import type { AuthProviders, SsoSettings, SsoSettingsInput } from '@contract/sso';
import { Toaster } from '@/components/ui/toaster';
import { SettingsPage } from '@/settings/components/settings-page';
import { SsoSettingsCard } from '@/settings/components/sso-settings-card';
import { apiError, requestsTo, stubApi, TEST_TIMEOUT } from '@/settings/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';

const stored: SsoSettings = {
  revision: 3,
  claim: 'groups',
  jitProvisioning: false,
  rules: [
    { group: 'platform-admins', globalRole: 'admin' },
    { group: 'acme-owners', tenantId: 'tenant-1', role: 'owner' },
  ],
};
const tenants = [
  { id: 'tenant-1', name: 'Acme Corp' },
  { id: 'tenant-2', name: 'Globex' },
];

type Put = (body: SsoSettingsInput) => Response;
const echo: Put = (body) => Response.json({ ...body, revision: stored.revision + 1 });

const withSso: AuthProviders = {
  sso: { name: 'Acme SSO', loginUrl: '/x' },
  passwordLogin: 'all',
  adminContact: null,
};

function renderCard(put: Put = echo, providers: AuthProviders = withSso) {
  const fetchMock = stubApi({
    'GET /api/settings/sso': stored,
    'PUT /api/settings/sso': ({ body }) => put(body as SsoSettingsInput),
    'GET /api/tenants/options': optionsHandler(tenants),
    'GET /api/auth/providers': providers,
  });
  renderWithProviders(
    <>
      <SsoSettingsCard />
      <Toaster />
    </>,
    { path: '/settings', queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return fetchMock;
}

/** The If-Match header of each PUT, in order. */
function ifMatchHeaders(fetchMock: ReturnType<typeof stubApi>): (string | undefined)[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => new Headers(init?.headers).get('If-Match') ?? undefined);
}

const rows = () => screen.getAllByTestId('sso-rule');
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save single sign-on' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SsoSettingsCard', { timeout: TEST_TIMEOUT }, () => {
  it('shows the claim, JIT provisioning and each rule (global admin, or tenant and role)', async () => {
    renderCard();
    expect(screen.getByText('Loading single sign-on settings...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Group claim')).toHaveValue('groups');
    expect(screen.getByRole('switch', { name: 'Create users at first sign-in' })).not.toBeChecked();
    const [admins, owners] = rows();
    expect(within(admins!).getByLabelText('Group of rule 1')).toHaveValue('platform-admins');
    expect(within(admins!).getByRole('combobox', { name: 'Grants of rule 1' })).toHaveTextContent(
      'Global admin',
    );
    expect(admins).toHaveTextContent('Every tenant, every action');
    expect(within(owners!).getByRole('combobox', { name: 'Grants of rule 2' })).toHaveTextContent(
      'Tenant role',
    );
    expect(await within(owners!).findByText('Acme Corp')).toBeInTheDocument();
    expect(within(owners!).getByRole('combobox', { name: 'Role of rule 2' })).toHaveTextContent('Owner');
    expect(screen.queryByTestId('sso-not-configured')).not.toBeInTheDocument();
  });

  it('says when the server has no identity provider configured yet', async () => {
    renderCard(echo, { ...withSso, sso: null });
    expect(await screen.findByTestId('sso-not-configured')).toHaveTextContent(
      'No identity provider is configured',
    );
    expect(await screen.findByLabelText('Group claim')).toHaveValue('groups');
  });

  it('saves every field with If-Match of the revision loaded, then toasts', async () => {
    const fetchMock = renderCard();
    await userEvent.clear(await screen.findByLabelText('Group claim'));
    await userEvent.type(screen.getByLabelText('Group claim'), 'realm_access.roles');
    await userEvent.click(screen.getByRole('switch', { name: 'Create users at first sign-in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    await save();

    expect(await screen.findByText('Single sign-on saved')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings/sso')[0]?.body).toEqual({
      claim: 'realm_access.roles',
      jitProvisioning: true,
      rules: [{ group: 'acme-owners', tenantId: 'tenant-1', role: 'owner' }],
    });
    expect(ifMatchHeaders(fetchMock)).toEqual(['"3"']);
    // The saved revision is the next save's If-Match.
    await userEvent.click(screen.getByRole('switch', { name: 'Create users at first sign-in' }));
    await save();
    await waitFor(() => expect(ifMatchHeaders(fetchMock)).toEqual(['"3"', '"4"']));
  });

  it('adds a tenant rule: the tenant is required before anything is sent', async () => {
    const fetchMock = renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    expect(rows()).toHaveLength(3);
    await userEvent.type(screen.getByLabelText('Group of rule 3'), 'globex-devs');
    await save();
    expect(await screen.findByText('Tenant is required')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings/sso')).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Tenant of rule 3' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search Tenant of rule 3' }), 'Glo');
    await userEvent.click(await screen.findByRole('option', { name: /Globex/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Role of rule 3' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Developer' }));
    await save();

    expect(await screen.findByText('Single sign-on saved')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/settings/sso')[0]?.body).toMatchObject({
      rules: [
        stored.rules[0],
        stored.rules[1],
        { group: 'globex-devs', tenantId: 'tenant-2', role: 'developer' },
      ],
    });
  });

  it("shows the server's 400 issues on their fields", async () => {
    renderCard(() =>
      apiError(400, 'Invalid body.rules.1.group', [
        { path: 'body.rules.1.group', message: 'This group already has a rule for this tenant' },
      ]),
    );
    await screen.findByLabelText('Group claim');
    await save();

    const group = screen.getByLabelText('Group of rule 2');
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(within(rows()[1]!).getByText('This group already has a rule for this tenant')).toBeInTheDocument();
    expect(screen.getByLabelText('Group of rule 1')).not.toHaveAttribute('aria-invalid');
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('on 412 keeps the edits and shows what the other save changed', async () => {
    const theirs: SsoSettings = { ...stored, revision: 4, claim: 'roles' };
    renderCard(() =>
      Response.json(
        { message: 'Changed meanwhile', code: 'PRECONDITION_FAILED', currentRevision: 4, current: theirs },
        { status: 412 },
      ),
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Create users at first sign-in' }));
    await save();

    const alert = await screen.findByTestId('conflict-alert');
    expect(alert).toHaveTextContent('Group claim: yours groups, theirs roles');
    expect(await screen.findByText('Not saved')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Create users at first sign-in' })).toBeChecked();
  });

  it('says when the settings cannot be loaded', async () => {
    stubApi({ 'GET /api/settings/sso': apiError(503, 'Database unavailable') });
    renderWithProviders(<SsoSettingsCard />, {
      queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
    });
    expect(await screen.findByText('Could not load the single sign-on settings')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it.each([
    ['admin', true],
    ['user', false],
  ])('the Settings page shows the card to a global %s: %s', async (globalRole, shown) => {
    const fetchMock = stubApi({
      'GET /api/settings': { ...DEFAULT_SETTINGS, updatedAt: null, updatedBy: null, revision: 0 },
      'GET /api/settings/sso': stored,
    });
    renderWithProviders(<SettingsPage />, { queryClient: queryClientWithMe(makeMe({ globalRole })) });
    expect(await screen.findByText('Account Information')).toBeInTheDocument();
    if (shown) expect(await screen.findByLabelText('Group claim')).toHaveValue('groups');
    else expect(requestsTo(fetchMock, 'GET', '/api/settings/sso')).toHaveLength(0);
    expect(screen.queryByText('Single sign-on') !== null).toBe(shown);
  });
});
