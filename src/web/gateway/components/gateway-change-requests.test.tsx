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
  makeChangeRequest,
  makePolicy as makeApprovalPolicy,
  makeTenant,
  polyfillPointer,
  stubApi,
} from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';
import { PromoteLineageDialog } from '@/gateway/components/promote-lineage-dialog';
import { LineageFormDialog } from '@/gateway/components/lineage-form-dialog';
import { routeLineage } from '@/gateway/components/route-lineage';
import { approvalStubs, makeRoute, subscriptionStubs } from '@/gateway/test/fixtures';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => vi.unstubAllGlobals());

const ROUTES = '/api/tenants/tenant-001/gateway-routes';
const POLICIES = '/api/tenants/tenant-001/opa-policies';
const REQUESTS = '/api/change-requests';
const NOTE = 'Production changes of this tenant need 1 approval: this creates a change request.';
const developer = makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'developer' }] });
const admin = makeMe({ globalRole: 'admin' });
const page = (rows: unknown[]) => () =>
  Response.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
const created =
  (overrides: Record<string, unknown> = {}) =>
  () =>
    Response.json(makeChangeRequest({ kind: 'gateway_route.create', ...overrides }), { status: 201 });

function renderRouteDialog(route?: GatewayRoute, me = developer) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <LineageFormDialog
        entry={routeLineage}
        open
        onOpenChange={onOpenChange}
        tenantId="tenant-001"
        environment="production"
        version={route}
      />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(me) },
  );
  return { onOpenChange, dialog: screen.getByRole('dialog') };
}

async function fillRoute(dialog: HTMLElement) {
  const select = within(dialog).getByRole('combobox', { name: 'Capability' });
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name: 'Identity Service' }));
  await userEvent.type(within(dialog).getByLabelText('Path'), '/orders');
  await userEvent.type(within(dialog).getByLabelText('Target service'), 'orders.internal:8080');
}

describe('Create Route where production needs approval', () => {
  it('requests the route instead of creating it', async () => {
    const fetchMock = stubApi({ ...subscriptionStubs, ...approvalStubs, [`POST ${REQUESTS}`]: created() });
    const { dialog, onOpenChange } = renderRouteDialog();
    expect(await within(dialog).findByText(NOTE)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Create Route' })).not.toBeInTheDocument();
    // Only global administrators may bypass.
    expect(within(dialog).queryByRole('checkbox', { name: 'Bypass approval' })).not.toBeInTheDocument();
    await fillRoute(dialog);
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), 'New orders API');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));

    expect(await screen.findByText('Change request #7 created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, REQUESTS)).toEqual({
      change: {
        kind: 'gateway_route.create',
        tenantId: 'tenant-001',
        body: {
          capabilityId: 'api-001',
          environment: 'production',
          path: '/orders',
          methods: ['GET'],
          targetService: 'orders.internal:8080',
          authRequired: true,
          rateLimit: 1000,
        },
      },
      description: 'New orders API',
    });
    // Nothing is created directly.
    expect(calls(fetchMock, 'POST')).toEqual([REQUESTS]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the change's field issues beside the form's fields", async () => {
    stubApi({
      ...subscriptionStubs,
      ...approvalStubs,
      [`POST ${REQUESTS}`]: () =>
        Response.json(
          {
            message: 'Invalid request',
            code: 'VALIDATION_FAILED',
            issues: [
              { path: 'body.change.body.targetService', message: 'Target must be an http(s) URL or a host' },
            ],
          },
          { status: 400 },
        ),
    });
    const { dialog, onOpenChange } = renderRouteDialog();
    await within(dialog).findByText(NOTE);
    await fillRoute(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await within(dialog).findByText('Target must be an http(s) URL or a host')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Target service')).toHaveAttribute('aria-invalid', 'true');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('turns into a request when the server answers 409 APPROVAL_REQUIRED', async () => {
    let approvals = 0;
    const fetchMock = stubApi({
      ...subscriptionStubs,
      'GET /api/tenants/tenant-001/approval-policy': () => Response.json(makeApprovalPolicy(approvals)),
      [`POST ${ROUTES}`]: () => {
        approvals = 1;
        return Response.json(
          { message: 'Production changes of this tenant need an approval', code: 'APPROVAL_REQUIRED' },
          { status: 409 },
        );
      },
      [`POST ${REQUESTS}`]: created({ number: 8 }),
    });
    const { dialog } = renderRouteDialog();
    await fillRoute(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Route' }));
    expect(await screen.findByText('Approval now required')).toBeInTheDocument();
    // The 409 names no field: the path stays as it was.
    expect(within(dialog).getByLabelText('Path')).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #8 created')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual([ROUTES, REQUESTS]);
  });

  it('edits as a request of the lineage’s next version, without If-Match', async () => {
    const fetchMock = stubApi({ ...subscriptionStubs, ...approvalStubs, [`POST ${REQUESTS}`]: created() });
    const { dialog } = renderRouteDialog(makeRoute({ version: 2, latestVersion: 2 }));
    await within(dialog).findByText(NOTE);
    const target = within(dialog).getByLabelText('Target service');
    await userEvent.clear(target);
    await userEvent.type(target, 'http://orders-v2:8080');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #7 created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, REQUESTS)).toEqual({
      change: {
        kind: 'gateway_route.edit',
        tenantId: 'tenant-001',
        lineageId: 'route-lineage-1',
        body: {
          path: '/orders',
          methods: ['GET', 'POST'],
          targetService: 'http://orders-v2:8080',
          authRequired: true,
          rateLimit: 1000,
        },
      },
    });
  });
});

describe('Row and history actions where production needs approval', () => {
  const v2 = makeRoute({ id: 'route-v2', version: 2, latestVersion: 2 });
  const v1 = makeRoute({ version: 1, isActive: false, latestVersion: 2 });

  function stubTab(extra: Record<string, unknown> = {}) {
    return stubApi({
      ...subscriptionStubs,
      ...approvalStubs,
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ROUTES}`]: page([v2]),
      [`GET ${POLICIES}`]: page([]),
      [`GET ${ROUTES}/route-lineage-1/versions`]: page([v2, v1]),
      ...extra,
    });
  }

  async function openRowAction(item: string) {
    const table = await screen.findByRole('table', { name: 'Gateway routes' });
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for route /orders' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  }

  const listReads = (fetchMock: ReturnType<typeof stubApi>) =>
    calls(fetchMock).filter((url) => url.startsWith(`${ROUTES}?`)).length;

  it('requests a Delete: no confirmation, nothing deleted, the list unchanged', async () => {
    const fetchMock = stubTab({
      [`POST ${REQUESTS}`]: created({ kind: 'gateway_route.delete', number: 9 }),
    });
    renderControlPlane(undefined, { search: '?tab=gateway&env=production', me: developer });
    await openRowAction('Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Request: delete route /orders' });
    expect(within(dialog).getByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const reads = listReads(fetchMock);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));

    expect(await screen.findByText('Change request #9 created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, REQUESTS)).toEqual({
      change: { kind: 'gateway_route.delete', tenantId: 'tenant-001', lineageId: 'route-lineage-1' },
    });
    expect(calls(fetchMock, 'POST')).toEqual([REQUESTS]);
    expect(calls(fetchMock, 'DELETE')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listReads(fetchMock)).toBe(reads);
    expect(screen.getByRole('table', { name: 'Gateway routes' })).toHaveTextContent('/orders');
  });

  it('lets a global administrator bypass a Delete, which asks first and refreshes the list', async () => {
    const fetchMock = stubTab({
      [`POST ${REQUESTS}`]: created({ kind: 'gateway_route.delete', status: 'applied' }),
    });
    renderControlPlane(undefined, { search: '?tab=gateway&env=production', me: admin });
    await openRowAction('Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Request: delete route /orders' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bypass approval' }));
    const apply = within(dialog).getByRole('button', { name: 'Apply now (bypass)' });
    expect(apply).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Incident 4711');
    const reads = listReads(fetchMock);
    await userEvent.click(apply);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete route?' });
    expect(calls(fetchMock, 'POST')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Change applied')).toBeInTheDocument();
    expect(bodyOf(fetchMock, REQUESTS)).toEqual({
      change: { kind: 'gateway_route.delete', tenantId: 'tenant-001', lineageId: 'route-lineage-1' },
      bypassReason: 'Incident 4711',
    });
    await waitFor(() => expect(listReads(fetchMock)).toBeGreaterThan(reads));
  });

  it('requests a Disable from the row menu', async () => {
    const fetchMock = stubTab({ [`POST ${REQUESTS}`]: created({ kind: 'gateway_route.disable' }) });
    renderControlPlane(undefined, { search: '?tab=gateway&env=production', me: developer });
    await openRowAction('Disable');
    const dialog = await screen.findByRole('dialog', { name: 'Request: disable route /orders' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #7 created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, REQUESTS)).toEqual({
      change: { kind: 'gateway_route.disable', tenantId: 'tenant-001', lineageId: 'route-lineage-1' },
    });
    expect(calls(fetchMock, 'POST')).toEqual([REQUESTS]);
  });

  it('requests an activation from the history, which then closes', async () => {
    const fetchMock = stubTab({ [`POST ${REQUESTS}`]: created({ kind: 'gateway_route.activate' }) });
    renderControlPlane(undefined, { search: '?tab=gateway&env=production', me: developer });
    await openRowAction('History');
    const history = await screen.findByRole('dialog', { name: 'Route Version History' });
    const older = await within(history).findByRole('listitem', { name: 'Version 1' });
    await userEvent.click(within(older).getByRole('button', { name: 'Activate version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request: activate version 1' });
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), 'Back to v1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #7 created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, REQUESTS)).toEqual({
      change: { kind: 'gateway_route.activate', tenantId: 'tenant-001', versionId: 'route-v1' },
      description: 'Back to v1',
    });
    expect(calls(fetchMock, 'POST')).toEqual([REQUESTS]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('still shows a member no write action', async () => {
    stubTab();
    renderControlPlane(undefined, {
      search: '?tab=gateway&env=production',
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'member' }] }),
    });
    const table = await screen.findByRole('table', { name: 'Gateway routes' });
    expect(screen.queryByRole('button', { name: 'Create Route' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for route /orders' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['History']);
  });
});

describe('Promote to Production where production needs approval', () => {
  it('requests the promotion without the production confirmation', async () => {
    const uat = makeRoute({ environment: 'uat', version: 2 });
    const fetchMock = stubApi({
      ...approvalStubs,
      [`GET ${ROUTES}/route-lineage-1/promotion-target`]: {
        lineageId: null,
        latestVersion: null,
        active: null,
      },
      [`POST ${REQUESTS}`]: created({ kind: 'gateway_route.promote' }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <PromoteLineageDialog
          entry={routeLineage}
          tenantId="tenant-001"
          version={uat}
          name="route /orders"
          onClose={onClose}
        />
        <Toaster />
      </>,
      { queryClient: queryClientWithMe(developer) },
    );
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(NOTE)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #7 created')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, REQUESTS)).toEqual({
      change: {
        kind: 'gateway_route.promote',
        tenantId: 'tenant-001',
        lineageId: 'route-lineage-1',
        targetEnvironment: 'production',
      },
    });
    expect(calls(fetchMock, 'POST')).toEqual([REQUESTS]);
    expect(onClose).toHaveBeenCalled();
  });
});
