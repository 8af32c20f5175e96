import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { WebAppMeshesSection } from '@/microfrontends/mesh/components/web-app-meshes-section';
import {
  apiError,
  makeMesh,
  makeTenant,
  never,
  requestsTo,
  stubApi,
} from '@/microfrontends/mesh/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import type { Me } from '@contract/auth';

function renderSection(me: Me = makeMe({ globalRole: 'admin' })) {
  return renderWithProviders(
    <>
      <WebAppMeshesSection />
      <Toaster />
    </>,
    { path: '/apps', queryClient: queryClientWithMe(me) },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebAppMeshesSection', { timeout: 20_000 }, () => {
  it('lists name, tenant name (else id), item count and created date, with Open and Create links', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/options': [{ id: 'tenant-001', label: 'Acme Financial Services', detail: 'active' }],
      'GET /api/web-app-meshes': [
        makeMesh(),
        makeMesh({ id: 'mesh-002', name: 'Partner Hub', tenantId: 'tenant-009', menuItems: '[]' }),
      ],
    });
    renderSection();
    const rows = await screen.findAllByTestId('mesh-row');
    const first = within(rows[0]!);
    expect(first.getByText('Customer Portal')).toBeInTheDocument();
    expect(await first.findByText('Acme Financial Services')).toBeInTheDocument();
    expect(first.getByTestId('mesh-item-count')).toHaveTextContent('2');
    expect(first.getByText(new Date('2024-05-01T10:00:00.000Z').toLocaleDateString())).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Open Customer Portal' })).toHaveAttribute(
      'href',
      '/apps/meshes/mesh-001',
    );
    const second = within(rows[1]!);
    expect(second.getByText('tenant-009')).toBeInTheDocument();
    // Only this page's tenants are named, by id; the whole tenant list is never loaded.
    const named = requestsTo(fetchMock, 'GET', '/api/tenants/options').map((r) =>
      new URL(r.url, 'http://localhost').searchParams.getAll('ids'),
    );
    expect(named).toContainEqual(['tenant-001', 'tenant-009']);
    expect(requestsTo(fetchMock, 'GET', '/api/tenants')).toHaveLength(0);
    expect(second.getByTestId('mesh-item-count')).toHaveTextContent('0');
    expect(screen.getByRole('link', { name: 'Create Web App Mesh' })).toHaveAttribute(
      'href',
      '/apps/create-mesh',
    );
  });

  it('searches, filters by tenant, sorts and pages on the server, in the address (mesh* keys)', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/options': [{ id: 'tenant-001', label: 'Acme Financial Services', detail: 'active' }],
      'GET /api/web-app-meshes': () => Response.json([makeMesh()], { headers: { 'X-Total-Count': '30' } }),
    });
    const { router } = renderWithProviders(
      <>
        <WebAppMeshesSection />
        <Toaster />
      </>,
      {
        path: '/apps?meshQ=portal&meshTenantId=tenant-001&meshSort=name&meshPage=2&meshSize=10',
        queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
      },
    );
    await screen.findAllByTestId('mesh-row');
    const query = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);
    expect(query(requestsTo(fetchMock, 'GET', '/api/web-app-meshes')[0]!.url)).toEqual({
      tenantId: 'tenant-001',
      q: 'portal',
      sort: 'name',
      limit: '10',
      offset: '10',
    });
    expect(screen.getByRole('searchbox', { name: 'Search web app meshes' })).toHaveValue('portal');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Tenant filter' })).toHaveTextContent(
        'Acme Financial Services',
      ),
    );
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Created/ })).getByRole('button'));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?meshQ=portal&meshTenantId=tenant-001&meshSort=createdAt&meshSize=10',
      ),
    );
  });

  it("shows loading, 'No web app meshes yet' and error states", async () => {
    stubApi({ 'GET /api/tenants': [], 'GET /api/web-app-meshes': never });
    const { unmount } = renderSection();
    expect(screen.getByText('Loading web app meshes...')).toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/tenants': [], 'GET /api/web-app-meshes': [] });
    const empty = renderSection();
    expect(await screen.findByText('No web app meshes yet')).toBeInTheDocument();
    empty.unmount();

    let fail = true;
    stubApi({
      'GET /api/tenants': [],
      'GET /api/web-app-meshes': () =>
        fail ? apiError(500, 'Database unavailable') : Response.json([makeMesh()]),
    });
    renderSection();
    expect(await screen.findByText('Web app meshes could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading web app meshes' }));
    expect(await screen.findAllByTestId('mesh-row')).toHaveLength(1);
  });

  it('deletes a mesh after confirmation and refreshes the list', async () => {
    let meshes = [makeMesh()];
    const fetchMock = stubApi({
      'GET /api/tenants': [makeTenant()],
      'GET /api/web-app-meshes': () => Response.json(meshes),
      'DELETE /api/web-app-meshes/mesh-001': () => {
        meshes = [];
        return new Response(null, { status: 204 });
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Customer Portal' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchMock, 'DELETE', '/api/web-app-meshes/mesh-001')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Customer Portal' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Web app mesh deleted')).toBeInTheDocument();
    expect(await screen.findByText('No web app meshes yet')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE', '/api/web-app-meshes/mesh-001')).toHaveLength(1);
  });

  it("offers Delete only where the user may manage meshes (useCanOnTenant(tenantId, 'meshes'))", async () => {
    stubApi({
      'GET /api/tenants': [],
      'GET /api/web-app-meshes': [
        makeMesh(),
        makeMesh({ id: 'mesh-002', name: 'Partner Hub', tenantId: 'tenant-002' }),
      ],
    });
    renderSection(
      makeMe({
        memberships: [
          { tenantId: 'tenant-001', role: 'developer' },
          { tenantId: 'tenant-002', role: 'member' },
        ],
      }),
    );
    await screen.findAllByTestId('mesh-row');
    expect(screen.getByRole('button', { name: 'Delete Customer Portal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Partner Hub' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open Partner Hub' })).toBeInTheDocument());
  });
});
