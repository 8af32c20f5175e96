import '@/test/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GatewayRoute } from '@contract/gateway';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import {
  bodyOf,
  calls,
  makeCapability,
  makeTenant,
  polyfillPointer,
  stubApi,
} from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';
import { PromoteLineageDialog } from '@/gateway/components/promote-lineage-dialog';
import { makePolicy, makeRoute, noApprovalStubs } from '@/gateway/test/fixtures';
import { routeLineage } from '@/gateway/components/route-lineage';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => vi.unstubAllGlobals());

const ROUTES = '/api/tenants/tenant-001/gateway-routes';
const POLICIES = '/api/tenants/tenant-001/opa-policies';
const page = (rows: unknown[]) => () =>
  Response.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
const nothingThere = { lineageId: null, latestVersion: null, active: null };

function renderDialog(route: GatewayRoute, onClose = vi.fn()) {
  renderWithProviders(
    <>
      <PromoteLineageDialog
        entry={routeLineage}
        tenantId="tenant-001"
        version={route}
        name={`route ${route.path}`}
        onClose={onClose}
      />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onClose, dialog: screen.getByRole('dialog') };
}

describe('PromoteLineageDialog', () => {
  const dev = makeRoute({ environment: 'development', version: 3, latestVersion: 3, rateLimit: 50 });

  it('says when nothing is there yet and promotes to UAT without asking, with a toast', async () => {
    const fetchMock = stubApi({
      [`GET ${ROUTES}/route-lineage-1/promotion-target`]: nothingThere,
      [`POST ${ROUTES}/route-lineage-1/promote`]: () =>
        Response.json(makeRoute({ id: 'route-uat', environment: 'uat', version: 1 }), { status: 201 }),
    });
    const { dialog, onClose } = renderDialog(dev);
    expect(within(dialog).getByRole('heading', { name: 'Promote to UAT' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('route /orders · version 3 of Development');
    expect(await within(dialog).findByText(/Nothing there yet/)).toBeInTheDocument();
    expect(calls(fetchMock).some((url) => url.endsWith('promotion-target?targetEnvironment=uat'))).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Promoted to UAT')).toBeInTheDocument();
    expect(screen.getByText('Version 1 of the route /orders is active in UAT.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `${ROUTES}/route-lineage-1/promote`)).toEqual({ targetEnvironment: 'uat' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the difference from the active target version, and asks before Production', async () => {
    const uat = makeRoute({ environment: 'uat', version: 2, rateLimit: 50 });
    const fetchMock = stubApi({
      ...noApprovalStubs,
      [`GET ${ROUTES}/route-lineage-1/promotion-target`]: {
        lineageId: 'route-lineage-prod',
        latestVersion: 4,
        active: makeRoute({ id: 'route-prod', environment: 'production', version: 4, rateLimit: 1000 }),
      },
      [`POST ${ROUTES}/route-lineage-1/promote`]: () =>
        Response.json(makeRoute({ environment: 'production', version: 5 }), { status: 201 }),
    });
    const { dialog } = renderDialog(uat);
    expect(within(dialog).getByRole('heading', { name: 'Promote to Production' })).toBeInTheDocument();
    expect(await within(dialog).findByText('- rate limit: 1000/min')).toBeInTheDocument();
    expect(within(dialog).getByText('+ rate limit: 50/min')).toBeInTheDocument();
    expect(within(dialog).getByText('Difference from the active version 4 there')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Promote version 2 of the route /orders to Production?',
    });
    expect(calls(fetchMock, 'POST')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Promote to Production' }));
    expect(await screen.findByText('Promoted to Production')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual([`${ROUTES}/route-lineage-1/promote`]);
  });

  it("shows the server's refusal in the dialog and a failure toast", async () => {
    const message = 'Another active route of this tenant in uat already serves GET /orders';
    stubApi({
      [`GET ${ROUTES}/route-lineage-1/promotion-target`]: nothingThere,
      [`POST ${ROUTES}/route-lineage-1/promote`]: () =>
        Response.json(
          { message, code: 'CONFLICT', issues: [{ path: 'body.targetEnvironment', message }] },
          { status: 409 },
        ),
    });
    const { dialog, onClose } = renderDialog(dev);
    await within(dialog).findByText(/Nothing there yet/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells when the lineage promoted earlier has no active version', async () => {
    stubApi({
      [`GET ${ROUTES}/route-lineage-1/promotion-target`]: {
        lineageId: 'route-lineage-uat',
        latestVersion: 2,
        active: null,
      },
    });
    const { dialog } = renderDialog(dev);
    expect(
      await within(dialog).findByText(/has no active version; this becomes its version 3/),
    ).toBeInTheDocument();
  });
});

describe('Promote in the Gateway & Policies tab', () => {
  const dev = makeRoute({ environment: 'development', version: 2, latestVersion: 2 });
  const older = makeRoute({ id: 'route-v0', environment: 'development', version: 1, isActive: false });
  const policy = makePolicy({
    environment: 'development',
    promotedFrom: { id: 'policy-x', environment: 'development', version: 3 },
  });

  function stubTab() {
    return stubApi({
      'GET /api/tenants/tenant-001/gateway/development/capabilities': [
        { id: 'api-001', name: 'Identity Service' },
      ],
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ROUTES}`]: page([dev]),
      [`GET ${POLICIES}`]: page([policy]),
      [`GET ${ROUTES}/route-lineage-1/versions`]: page([
        { ...dev, promotedFrom: { id: 'route-z', environment: 'development', version: 3 } },
        older,
      ]),
      [`GET ${ROUTES}/route-lineage-1/promotion-target`]: nothingThere,
      [`GET ${POLICIES}/policy-lineage-1/promotion-target`]: nothingThere,
      [`POST ${POLICIES}/policy-lineage-1/promote`]: () =>
        Response.json(makePolicy({ environment: 'uat' }), { status: 201 }),
    });
  }

  it('offers Promote to UAT in the row menu and in the history of the active version', async () => {
    const fetchMock = stubTab();
    renderControlPlane(undefined, { search: '?tab=gateway&env=development' });
    const policies = await screen.findByRole('table', { name: 'OPA policies' });
    await userEvent.click(within(policies).getByRole('button', { name: 'Actions for policy orders-authz' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Promote to UAT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote to UAT' });
    expect(await within(dialog).findByText(/Nothing there yet/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Promoted to UAT')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `${POLICIES}/policy-lineage-1/promote`)).toEqual({ targetEnvironment: 'uat' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Promote to UAT' })).not.toBeInTheDocument(),
    );

    const routes = await screen.findByRole('table', { name: 'Gateway routes' });
    await userEvent.click(within(routes).getByRole('button', { name: 'Actions for route /orders' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'Route Version History' });
    const active = await within(history).findByRole('listitem', { name: 'Version 2' });
    expect(within(active).getByTestId('promoted-from')).toHaveTextContent('Promoted from Development · v3');
    const inactive = within(history).getByRole('listitem', { name: 'Version 1' });
    expect(within(inactive).queryByRole('button', { name: /Promote/ })).not.toBeInTheDocument();
    await userEvent.click(within(active).getByRole('button', { name: 'Promote to UAT' }));
    expect(await screen.findByRole('dialog', { name: 'Promote to UAT' })).toHaveTextContent(
      'route /orders · version 2 of Development',
    );
  });

  it('offers no promotion in production, nor to members', async () => {
    stubApi({
      'GET /api/tenants/tenant-001/gateway/production/capabilities': [
        { id: 'api-001', name: 'Identity Service' },
      ],
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ROUTES}`]: page([makeRoute()]),
      [`GET ${POLICIES}`]: page([]),
    });
    renderControlPlane(undefined, { search: '?tab=gateway&env=production' });
    const routes = await screen.findByRole('table', { name: 'Gateway routes' });
    await userEvent.click(within(routes).getByRole('button', { name: 'Actions for route /orders' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Edit', 'History', 'Disable', 'Delete']);
  });

  it('offers a member no promotion in development', async () => {
    stubTab();
    renderControlPlane(undefined, {
      search: '?tab=gateway&env=development',
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'member' }] }),
    });
    const routes = await screen.findByRole('table', { name: 'Gateway routes' });
    await userEvent.click(within(routes).getByRole('button', { name: 'Actions for route /orders' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['History']);
  });
});
