import { screen, waitFor, within } from '@testing-library/react';
import { setEditorValue } from '@/test/code-editor';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { CreateMeshPage } from '@/microfrontends/components/create-mesh-page';
import {
  apiError,
  makeMicrofrontend,
  makeTenant,
  makeVersion,
  requestsTo,
  stubApi,
} from '@/microfrontends/mesh/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const DASHBOARD_VERSIONS = '/api/microfrontend-versions/microfrontend/mfe-001/published';
const BILLING_VERSIONS = '/api/microfrontend-versions/microfrontend/mfe-002/published';
const DASHBOARD_OPTIONS = '/api/microfrontend-versions/microfrontend/mfe-001/options';
const BILLING_OPTIONS = '/api/microfrontend-versions/microfrontend/mfe-002/options';

/** A picker's options endpoint over `rows` ({id, label, detail}): ids= exact, q= by label. */
const optionsOf =
  (rows: { id: string; label: string; detail: string | null }[]) =>
  ({ url }: { url: string }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    const ids = params.getAll('ids');
    const q = params.get('q')?.toLowerCase() ?? '';
    const matches = rows.filter((row) =>
      ids.length > 0 ? ids.includes(row.id) : row.label.toLowerCase().includes(q),
    );
    return Response.json(matches, { headers: { 'X-Total-Count': String(matches.length) } });
  };

const baseApi = {
  'GET /api/tenants/options': optionsOf([{ id: 'tenant-001', label: makeTenant().name, detail: 'active' }]),
  'GET /api/microfrontends/options': optionsOf([
    { id: 'mfe-001', label: 'Dashboard', detail: 'dashboard' },
    { id: 'mfe-002', label: 'Billing & Invoices', detail: 'billing' },
  ]),
  [`GET ${DASHBOARD_OPTIONS}`]: optionsOf([
    { id: 'mfv-dashboard-1.2.0', label: '1.2.0', detail: 'published' },
    { id: 'mfv-dashboard-1.1.0', label: '1.1.0', detail: 'published' },
  ]),
  [`GET ${BILLING_OPTIONS}`]: optionsOf([{ id: 'mfv-billing-2.1.0', label: '2.1.0', detail: 'published' }]),
  'GET /api/microfrontends': [
    makeMicrofrontend(),
    makeMicrofrontend({ id: 'mfe-002', slug: 'billing', name: 'Billing & Invoices' }),
  ],
  [`GET ${DASHBOARD_VERSIONS}`]: [
    makeVersion(),
    makeVersion({ id: 'mfv-dashboard-1.1.0', version: '1.1.0', defaultConfig: null }),
  ],
  [`GET ${BILLING_VERSIONS}`]: [
    makeVersion({
      id: 'mfv-billing-2.1.0',
      microfrontendId: 'mfe-002',
      version: '2.1.0',
      moduleType: 'web-component',
      entryUrl: 'https://cdn.example.com/billing/2.1.0/billing.js',
      exposedModules: JSON.stringify(['billing-app']),
      defaultConfig: JSON.stringify({ currency: 'USD' }),
    }),
  ],
};

function renderPage(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...baseApi, ...handlers });
  const utils = renderWithProviders(<></>, {
    path: '/apps/create-mesh',
    queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
    routes: [
      {
        path: '/apps/create-mesh',
        element: (
          <>
            <CreateMeshPage />
            <Toaster />
          </>
        ),
      },
      {
        path: '/apps',
        element: (
          <>
            <p>Web Apps page</p>
            <Toaster />
          </>
        ),
      },
    ],
  });
  return { ...utils, fetchMock };
}

const user = () => userEvent.setup();
const items = () => screen.queryAllByTestId('mesh-item');
const item = (index: number) => within(items()[index]!);

async function addItem() {
  await user().click(screen.getByRole('button', { name: 'Add Item' }));
}

/** Opens a picker and chooses the option whose label is `option` (its status detail follows it). */
async function choose(combobox: HTMLElement, option: string) {
  await user().click(combobox);
  const options = await screen.findAllByRole('option');
  const match = options.find((o) => o.querySelector('span > span')?.textContent === option);
  await user().click(match ?? (await screen.findByRole('option', { name: option })));
}

/** Fills item `index` with a label, a microfrontend and a version. */
async function fillItem(index: number, label: string, microfrontend = 'Dashboard', version = '1.2.0') {
  await user().type(item(index).getByLabelText('Label'), label);
  await choose(item(index).getByLabelText('Microfrontend'), microfrontend);
  await waitFor(() => expect(item(index).getByLabelText('Version')).toBeEnabled());
  await choose(item(index).getByLabelText('Version'), version);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Create Web App Mesh', { timeout: 20_000 }, () => {
  it('starts with an empty name, tenant-001 and no menu items', async () => {
    const { fetchMock } = renderPage();
    expect(screen.getByRole('heading', { name: 'Create Web App Mesh' })).toBeInTheDocument();
    expect(screen.getByText('Basic Information')).toBeInTheDocument();
    expect(screen.getByText('Microfrontend Menu Items')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Tenant ID')).toHaveValue('tenant-001');
    expect(await screen.findByText('Acme Financial Services')).toBeInTheDocument();
    // The name comes from the options endpoint by id, never from the whole tenant list.
    expect(requestsTo(fetchMock, 'GET', '/api/tenants/options')[0]?.url).toContain('ids=tenant-001');
    expect(requestsTo(fetchMock, 'GET', '/api/tenants')).toHaveLength(0);
    expect(screen.getByText('No menu items added yet. Click "Add Item" to get started.')).toBeInTheDocument();
    expect(screen.queryByText('Preview')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Mesh' })).toBeInTheDocument();
  });

  it("says 'Name is required' and 'Tenant is required', and 'No menu items' without items", async () => {
    const { fetchMock } = renderPage();
    await user().clear(screen.getByLabelText('Tenant ID'));
    await user().click(screen.getByRole('button', { name: 'Create Mesh' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Tenant is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('No menu items')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one menu item.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/web-app-meshes')).toHaveLength(0);
  });

  it("refuses a valid form without items: toast 'No menu items'", async () => {
    const { fetchMock } = renderPage();
    await user().type(screen.getByLabelText('Name'), 'Portal');
    await user().click(screen.getByRole('button', { name: 'Create Mesh' }));
    expect(await screen.findByText('No menu items')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one menu item.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/web-app-meshes')).toHaveLength(0);
  });

  it('adds items with zero-based orders and renumbers them after a removal', async () => {
    renderPage();
    await addItem();
    await addItem();
    await addItem();
    expect(screen.queryByText(/No menu items added yet/)).not.toBeInTheDocument();
    await user().type(item(0).getByLabelText('Label'), 'A');
    await user().type(item(1).getByLabelText('Label'), 'B');
    await user().type(item(2).getByLabelText('Label'), 'C');
    expect(screen.getAllByTestId('mesh-item-order').map((o) => o.textContent)).toEqual([
      'Order: 0',
      'Order: 1',
      'Order: 2',
    ]);

    await user().click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(items()).toHaveLength(2);
    expect(item(0).getByLabelText('Label')).toHaveValue('A');
    expect(item(1).getByLabelText('Label')).toHaveValue('C');
    expect(screen.getAllByTestId('mesh-item-order').map((o) => o.textContent)).toEqual([
      'Order: 0',
      'Order: 1',
    ]);

    await user().click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user().click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(screen.getByText('No menu items added yet. Click "Add Item" to get started.')).toBeInTheDocument();
  });

  it("offers the chosen microfrontend's published versions with their status", async () => {
    const { fetchMock } = renderPage();
    await addItem();
    expect(item(0).getByLabelText('Version')).toBeDisabled();
    await choose(item(0).getByLabelText('Microfrontend'), 'Dashboard');
    await waitFor(() => expect(item(0).getByLabelText('Version')).toBeEnabled());
    await user().click(item(0).getByLabelText('Version'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['1.2.0published', '1.1.0published']);
    expect(within(options[0]!).getByText('published')).toBeInTheDocument();
    // Only this microfrontend's published versions, asked of the server.
    const asked = requestsTo(fetchMock, 'GET', DASHBOARD_OPTIONS).map((r) =>
      new URL(r.url, 'http://localhost').searchParams.get('status'),
    );
    expect(asked).toContain('published');
  });

  it("clears the item's version when a different microfrontend is chosen", async () => {
    renderPage();
    await addItem();
    await fillItem(0, 'Home');
    expect(item(0).getByLabelText('Version')).toHaveTextContent('1.2.0');
    // Nothing complains before a submit.
    expect(item(0).queryByRole('alert')).not.toBeInTheDocument();
    await choose(item(0).getByLabelText('Microfrontend'), 'Billing & Invoices');
    await waitFor(() => expect(item(0).getByLabelText('Version')).toHaveTextContent('Select a version'));
    expect(screen.queryByTestId('mesh-preview')).not.toBeInTheDocument();
  });

  it('shows the preview only when every item is complete, with every field; invalid JSON is ignored', async () => {
    renderPage();
    await addItem();
    await addItem();
    await fillItem(0, 'Home');
    expect(screen.queryByTestId('mesh-preview')).not.toBeInTheDocument();
    await fillItem(1, 'Billing', 'Billing & Invoices', '2.1.0');

    const preview = within(await screen.findByTestId('mesh-preview'));
    expect(preview.getByText('Preview')).toBeInTheDocument();
    const [home, billing] = screen.getAllByTestId('mesh-preview-item').map((el) => within(el));
    expect(home!.getByText('Home')).toBeInTheDocument();
    expect(home!.getByText('Dashboard v1.2.0')).toBeInTheDocument();
    expect(home!.getByTestId('status-badge')).toHaveTextContent('published');
    expect(home!.getByText('Order').nextSibling).toHaveTextContent('0');
    expect(home!.getByText('module-federation')).toBeInTheDocument();
    expect(home!.getByText('https://cdn.example.com/dashboard/1.2.0/remoteEntry.js')).toBeInTheDocument();
    expect(home!.getByText('./App, ./Widget')).toBeInTheDocument();
    expect(home!.getByTestId('mesh-preview-config')).toHaveTextContent('"refresh": 60');
    expect(billing!.getByText('Billing & Invoices v2.1.0')).toBeInTheDocument();
    expect(billing!.getByText('Order').nextSibling).toHaveTextContent('1');
    expect(billing!.getByText('web-component')).toBeInTheDocument();
    expect(billing!.getByText('billing-app')).toBeInTheDocument();

    // Invalid JSON: silently ignored, the defaults stay.
    const config = await item(0).findByRole('textbox', { name: 'Configuration override (JSON)' });
    setEditorValue(config, '{"refresh": 5');
    expect(home!.getByTestId('mesh-preview-config')).toHaveTextContent('"refresh": 60');
    expect(screen.queryByText(/JSON/i, { selector: '[role=alert]' })).not.toBeInTheDocument();
    // Once it parses it is laid over the defaults.
    setEditorValue(config, '{"refresh": 5, "theme": "dark"}');
    // The preview follows the editor's change on a later render: wait for it, not only for the element.
    await waitFor(() =>
      expect(home!.getByTestId('mesh-preview-config')).toHaveTextContent('"theme": "dark"'),
    );
    expect(home!.getByTestId('mesh-preview-config')).toHaveTextContent('"refresh": 5');
    expect(home!.getByTestId('mesh-preview-config')).toHaveTextContent('"theme": "dark"');

    // An incomplete item hides it again.
    await user().clear(item(1).getByLabelText('Label'));
    expect(screen.queryByTestId('mesh-preview')).not.toBeInTheDocument();
  });

  it("refuses incomplete items: toast 'Invalid menu items', 'Label is required', 'Version is required'", async () => {
    const { fetchMock } = renderPage();
    await user().type(screen.getByLabelText('Name'), 'Portal');
    await addItem();
    await addItem();
    await fillItem(0, 'Home');
    await choose(item(1).getByLabelText('Microfrontend'), 'Dashboard');
    await user().click(screen.getByRole('button', { name: 'Create Mesh' }));

    expect(await screen.findByText('Invalid menu items')).toBeInTheDocument();
    expect(
      screen.getByText('All menu items must have a label and selected microfrontend version.'),
    ).toBeInTheDocument();
    expect(item(1).getByText('Label is required')).toBeInTheDocument();
    expect(item(1).getByText('Version is required')).toBeInTheDocument();
    expect(item(0).queryByText('Label is required')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/web-app-meshes')).toHaveLength(0);

    // Fixing the item clears its messages.
    await user().type(item(1).getByLabelText('Label'), 'Again');
    await choose(item(1).getByLabelText('Version'), '1.1.0');
    await waitFor(() => expect(item(1).queryByRole('alert')).not.toBeInTheDocument());
  });

  it("creates the mesh: POST with menuItems as JSON text, toast 'Web app mesh created', back to /apps", async () => {
    const { fetchMock, router } = renderPage({
      'POST /api/web-app-meshes': ({ body }) =>
        Response.json(
          {
            id: 'mesh-9',
            createdAt: '2024-06-01T00:00:00.000Z',
            createdBy: 'admin@example.com',
            ...(body as object),
          },
          { status: 201 },
        ),
    });
    await user().type(screen.getByLabelText('Name'), ' Portal ');
    await user().type(screen.getByLabelText('Description'), 'Customer shell');
    await addItem();
    await addItem();
    await fillItem(0, 'Home');
    await fillItem(1, 'Billing', 'Billing & Invoices', '2.1.0');
    setEditorValue(
      await item(0).findByRole('textbox', { name: 'Configuration override (JSON)' }),
      '{"refresh": 5}',
    );
    setEditorValue(
      await item(1).findByRole('textbox', { name: 'Configuration override (JSON)' }),
      'not json',
    );
    await user().click(screen.getByRole('button', { name: 'Create Mesh' }));

    expect(await screen.findByText('Web app mesh created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps'));
    expect(await screen.findByText('Web Apps page')).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'POST', '/api/web-app-meshes');
    const body = request!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Portal', description: 'Customer shell', tenantId: 'tenant-001' });
    expect(JSON.parse(body.menuItems as string)).toEqual([
      { label: 'Home', microfrontendVersionId: 'mfv-dashboard-1.2.0', config: { refresh: 5 }, order: 0 },
      { label: 'Billing', microfrontendVersionId: 'mfv-billing-2.1.0', config: {}, order: 1 },
    ]);
  });

  it("shows the server's item issue next to the item and its message in an 'Error' toast", async () => {
    renderPage({
      'POST /api/web-app-meshes': apiError(
        400,
        'menuItems.0.microfrontendVersionId: Version is not published',
        [{ path: 'body.menuItems.0.microfrontendVersionId', message: 'Version is not published' }],
      ),
    });
    await user().type(screen.getByLabelText('Name'), 'Portal');
    await addItem();
    await fillItem(0, 'Home');
    await user().click(screen.getByRole('button', { name: 'Create Mesh' }));

    expect(await item(0).findByText('Version is not published')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(
      screen.getByText('menuItems.0.microfrontendVersionId: Version is not published'),
    ).toBeInTheDocument();
  });

  it("falls back to 'Failed to create web app mesh'", async () => {
    const { router } = renderPage({ 'POST /api/web-app-meshes': new Response('', { status: 500 }) });
    await user().type(screen.getByLabelText('Name'), 'Portal');
    await addItem();
    await fillItem(0, 'Home');
    await user().click(screen.getByRole('button', { name: 'Create Mesh' }));
    expect(await screen.findByText('Failed to create web app mesh')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/create-mesh');
  });

  it('Cancel returns to /apps', async () => {
    const { router } = renderPage();
    await user().click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps'));
  });
});
