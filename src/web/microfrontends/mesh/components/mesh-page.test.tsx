import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { MeshPage } from '@/microfrontends/mesh/components/mesh-page';
import {
  apiError,
  makeManifest,
  makeMesh,
  makeTenant,
  never,
  requestsTo,
  stubApi,
} from '@/microfrontends/mesh/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import type { Me } from '@contract/auth';

const MESH = 'GET /api/web-app-meshes/mesh-001';
const MANIFEST = 'GET /api/web-app-meshes/mesh-001/manifest';

function renderPage(me: Me = makeMe({ globalRole: 'admin' })) {
  return renderWithProviders(<></>, {
    path: '/apps/meshes/mesh-001',
    queryClient: queryClientWithMe(me),
    routes: [
      {
        path: '/apps/meshes/:meshId',
        element: (
          <>
            <MeshPage />
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
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MeshPage', { timeout: 20_000 }, () => {
  it('shows the mesh and its menu with resolved versions from the manifest', async () => {
    stubApi({ 'GET /api/tenants': [makeTenant()], [MESH]: makeMesh(), [MANIFEST]: makeManifest() });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Customer Portal', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('The customer-facing shell.')).toBeInTheDocument();
    expect(await screen.findByText('Acme Financial Services')).toBeInTheDocument();
    expect(screen.getByText('admin@example.com')).toBeInTheDocument();
    expect(screen.getByText(new Date('2024-05-01T10:00:00.000Z').toLocaleDateString())).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Web Apps' })).toHaveAttribute('href', '/apps');

    const items = (await screen.findAllByTestId('mesh-menu-item')).map((el) => within(el));
    expect(items).toHaveLength(2);
    const home = items[0]!;
    expect(home.getByText('Order: 0')).toBeInTheDocument();
    expect(home.getByText('Home')).toBeInTheDocument();
    expect(home.getByText('Dashboard')).toBeInTheDocument();
    expect(home.getByText('v1.2.0')).toBeInTheDocument();
    expect(home.getByTestId('status-badge')).toHaveTextContent('published');
    expect(home.getByText('module-federation')).toBeInTheDocument();
    expect(home.getByText('https://cdn.example.com/dashboard/1.2.0/remoteEntry.js')).toBeInTheDocument();
    expect(home.getByText('./App, ./Widget')).toBeInTheDocument();
    expect(home.getByText('sha384-abc')).toBeInTheDocument();
    expect(home.getByText(/"theme": "dark"/)).toBeInTheDocument();
    expect(items[1]!.getByText('Order: 1')).toBeInTheDocument();
    expect(items[1]!.getByText('Billing & Invoices')).toBeInTheDocument();
    expect(items[1]!.getByText('web-component')).toBeInTheDocument();
  });

  it("shows loading, 'Web app mesh not found' and error states", async () => {
    stubApi({ 'GET /api/tenants': [], [MESH]: never });
    const loading = renderPage();
    expect(screen.getByText('Loading web app mesh...')).toBeInTheDocument();
    loading.unmount();

    stubApi({ 'GET /api/tenants': [], [MESH]: apiError(404, 'Web app mesh not found') });
    const missing = renderPage();
    expect(
      await screen.findByText('Web app mesh not found', { selector: 'p.font-medium' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    missing.unmount();

    stubApi({ 'GET /api/tenants': [], [MESH]: apiError(500, 'Database unavailable') });
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('deletes after confirmation and returns to /apps', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants': [],
      'GET /api/web-app-meshes': [],
      [MESH]: makeMesh(),
      [MANIFEST]: makeManifest(),
      'DELETE /api/web-app-meshes/mesh-001': new Response(null, { status: 204 }),
    });
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Web app mesh deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps'));
    expect(requestsTo(fetchMock, 'DELETE', '/api/web-app-meshes/mesh-001')).toHaveLength(1);
  });

  it('hides Delete from users who may only read the tenant', async () => {
    stubApi({ 'GET /api/tenants': [], [MESH]: makeMesh(), [MANIFEST]: makeManifest() });
    renderPage(makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'member' }] }));
    await screen.findByRole('heading', { name: 'Customer Portal', level: 1 });
    await screen.findAllByTestId('mesh-menu-item');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
