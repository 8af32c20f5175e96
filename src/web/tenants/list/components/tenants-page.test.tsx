import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TenantsPage } from '@/tenants/components/tenants-page';
import { apiError, makeTenant, requestsTo, stubApi } from '@/tenants/list/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const tenants = [
  makeTenant(),
  makeTenant({ id: 'tenant-002', name: 'Globex', owner: 'hank@globex.com', status: 'inactive' }),
];

function renderPage(globalRole = 'admin') {
  return renderWithProviders(
    <>
      <TenantsPage />
      <Toaster />
    </>,
    { path: '/tenants', queryClient: queryClientWithMe(makeMe({ globalRole })) },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TenantsPage', { timeout: 20_000 }, () => {
  it("shows the heading, a skeleton while loading, and the tenants' cards", async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({ 'GET /api/tenants': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Tenant Management', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('card-grid-skeleton')).toBeInTheDocument();

    answer(Response.json(tenants));
    const cards = await screen.findAllByTestId('tenant-card');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Acme Corporation', 'Globex']);
    expect(screen.queryByTestId('card-grid-skeleton')).not.toBeInTheDocument();
  });

  it("searches by name or owner on the server (debounced ?q=) and says 'No tenants found'", async () => {
    const fetchMock = stubApi({
      'GET /api/tenants': ({ url }) => Response.json(url.includes('q=') ? [] : tenants),
    });
    renderPage();
    await screen.findAllByTestId('tenant-card');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tenants' }), 'hank@');
    expect(await screen.findByText('No tenants found')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET', '/api/tenants').map((r) => r.url)).toEqual([
      '/api/tenants?sort=-createdAt&limit=25&offset=0',
      '/api/tenants?q=hank%40&sort=-createdAt&limit=25&offset=0',
    ]);
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    stubApi({
      'GET /api/tenants': () => (fail ? apiError(503, 'Database unavailable') : Response.json(tenants)),
    });
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('tenant-card')).toHaveLength(2);
  });

  it('shows Create Tenant to administrators only', async () => {
    stubApi({ 'GET /api/tenants': tenants });
    renderPage('user');
    await screen.findAllByTestId('tenant-card');
    expect(screen.queryByRole('button', { name: 'Create Tenant' })).not.toBeInTheDocument();
  });

  it('creates a tenant, then Create Tenant opens with the defaults again', async () => {
    let rows = tenants;
    const fetchMock = stubApi({
      'GET /api/tenants': () => Response.json(rows),
      'POST /api/tenants': ({ body }) => {
        const created = makeTenant({ ...(body as object), id: 'tenant-003' });
        rows = [created, ...tenants];
        return Response.json(created, { status: 201 });
      },
    });
    renderPage();
    await screen.findAllByTestId('tenant-card');

    await userEvent.click(screen.getByRole('button', { name: 'Create Tenant' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Tenant Name'), 'Initech');
    await userEvent.type(within(dialog).getByLabelText('Owner'), 'bill@initech.com');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'UAT' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Tenant' }));

    expect(await screen.findByText('Tenant created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('tenant-card')).toHaveLength(3));
    expect(requestsTo(fetchMock, 'POST', '/api/tenants')[0]?.body).toEqual({
      name: 'Initech',
      description: null,
      owner: 'bill@initech.com',
      status: 'active',
      developmentEnabled: true,
      uatEnabled: false,
      productionEnabled: true,
      dataResidency: null,
      dataClassification: null,
      disasterRecoveryRequirements: null,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Create Tenant' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Tenant Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Owner')).toHaveValue('');
    expect(within(dialog).getByRole('switch', { name: 'UAT' })).toBeChecked();
  });

  it('edits a tenant: prefilled, PATCH, toast "Tenant updated"', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants': tenants,
      'PATCH /api/tenants/tenant-002': ({ body }) => Response.json({ ...tenants[1], ...(body as object) }),
    });
    renderPage();
    const cards = await screen.findAllByTestId('tenant-card');

    await userEvent.click(within(cards[1]!).getByRole('button', { name: /^Actions for / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Tenant' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tenant Name')).toHaveValue('Globex');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Inactive');
    expect(within(dialog).getByRole('combobox', { name: 'Data Residency' })).toHaveTextContent('eu-west-1');

    await userEvent.clear(within(dialog).getByLabelText('Owner'));
    await userEvent.type(within(dialog).getByLabelText('Owner'), 'mona@globex.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Tenant updated')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/tenants/tenant-002')[0]?.body).toMatchObject({
      name: 'Globex',
      owner: 'mona@globex.com',
      status: 'inactive',
      disasterRecoveryRequirements: 'tier-1',
    });
  });

  it('deletes after a confirmation saying what goes with the tenant; the toast counts what went', async () => {
    let rows = tenants;
    const fetchMock = stubApi({
      'GET /api/tenants': () => Response.json(rows),
      'DELETE /api/tenants/tenant-001': () => {
        rows = [tenants[1]!];
        return Response.json({ webApps: 2, profiles: 1, subscriptions: 3, meshes: 0 });
      },
    });
    renderPage();
    const cards = await screen.findAllByTestId('tenant-card');

    await userEvent.click(within(cards[0]!).getByRole('button', { name: /^Actions for / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      '"Acme Corporation" will be deleted together with its web apps, user profiles, capability subscriptions and meshes.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tenant deleted')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Acme Corporation was deleted with 2 web apps, 1 user profile, 3 capability subscriptions, 0 meshes.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('tenant-card')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'DELETE', '/api/tenants/tenant-001')).toHaveLength(1);
  });

  it("shows a refused delete in a destructive 'Error' toast", async () => {
    stubApi({
      'GET /api/tenants': tenants,
      'DELETE /api/tenants/tenant-001': apiError(403, 'Only the owner may delete this tenant'),
    });
    renderPage();
    const cards = await screen.findAllByTestId('tenant-card');
    await userEvent.click(within(cards[0]!).getByRole('button', { name: /^Actions for / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Only the owner may delete this tenant')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
