import '@/test/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { bodyOf, calls, polyfillPointer, stubApi } from '@/test/control-plane-fixtures';
import { LineageFormDialog } from '@/gateway/components/lineage-form-dialog';
import { routeLineage } from '@/gateway/components/route-lineage';
import { makeRoute, noApprovalStubs, subscriptionStubs } from '@/gateway/test/fixtures';
import type { GatewayRoute } from '@contract/gateway';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => vi.unstubAllGlobals());

const ROUTES = '/api/tenants/tenant-001/gateway-routes';

function renderDialog(route?: GatewayRoute) {
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
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return { onOpenChange, dialog: screen.getByRole('dialog') };
}

async function pickCapability(dialog: HTMLElement) {
  const select = within(dialog).getByRole('combobox', { name: 'Capability' });
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name: 'Identity Service' }));
}

describe('LineageFormDialog of a route', () => {
  it('checks every field before any request', async () => {
    const fetchMock = stubApi({ ...subscriptionStubs, ...noApprovalStubs });
    const { dialog } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Path'), 'orders');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'GET' })); // unticks the default
    await userEvent.clear(within(dialog).getByLabelText(/Rate limit/));
    await userEvent.type(within(dialog).getByLabelText(/Rate limit/), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Route' }));

    expect(await within(dialog).findByText('Choose a capability')).toBeInTheDocument();
    expect(within(dialog).getByText('Must start with /')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Path')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Choose at least one method')).toBeInTheDocument();
    expect(within(dialog).getByText('Target service is required')).toBeInTheDocument();
    expect(within(dialog).getByText(/Rate limit must be a whole number/)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual([]);
  });

  it('creates with the defaults: auth on, 1000/min; empty rate limit is unlimited', async () => {
    const fetchMock = stubApi({
      ...subscriptionStubs,
      ...noApprovalStubs,
      [`POST ${ROUTES}`]: (init: RequestInit | undefined) =>
        Response.json(makeRoute(JSON.parse(String(init?.body)) as Partial<GatewayRoute>), { status: 201 }),
    });
    const { dialog, onOpenChange } = renderDialog();
    expect(within(dialog).getByRole('switch', { name: 'Authentication required' })).toBeChecked();
    expect(within(dialog).getByLabelText(/Rate limit/)).toHaveValue('1000');
    await pickCapability(dialog);
    await userEvent.type(within(dialog).getByLabelText('Path'), '/orders/{{id}');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'DELETE' }));
    await userEvent.type(within(dialog).getByLabelText('Target service'), 'orders.internal:8080');
    await userEvent.clear(within(dialog).getByLabelText(/Rate limit/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Route' }));

    expect(await screen.findByText('Route created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, ROUTES)).toEqual({
      capabilityId: 'api-001',
      environment: 'production',
      path: '/orders/{id}',
      methods: ['GET', 'DELETE'],
      targetService: 'orders.internal:8080',
      authRequired: true,
      rateLimit: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows a 400's field issue beside its field and a 409 on the path", async () => {
    let answer = 400;
    stubApi({
      ...subscriptionStubs,
      ...noApprovalStubs,
      [`POST ${ROUTES}`]: () =>
        answer === 400
          ? Response.json(
              {
                message: 'Invalid request',
                code: 'VALIDATION_FAILED',
                issues: [{ path: 'body.targetService', message: 'Target must be an http(s) URL or a host' }],
              },
              { status: 400 },
            )
          : Response.json(
              { message: 'An active route already serves GET /orders', code: 'CONFLICT' },
              { status: 409 },
            ),
    });
    const { dialog, onOpenChange } = renderDialog();
    await pickCapability(dialog);
    await userEvent.type(within(dialog).getByLabelText('Path'), '/orders');
    await userEvent.type(within(dialog).getByLabelText('Target service'), 'not a host');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Route' }));
    expect(await within(dialog).findByText('Target must be an http(s) URL or a host')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Target service')).toHaveAttribute('aria-invalid', 'true');

    answer = 409;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Route' }));
    expect(await within(dialog).findByText('An active route already serves GET /orders')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Path')).toHaveAttribute('aria-invalid', 'true');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('edits as the next version with If-Match of the newest version, and shows a 412 as a conflict', async () => {
    // Version 1 is active again while version 2 exists: the edit must name 2.
    const route = makeRoute({ version: 1, latestVersion: 2 });
    const theirs = makeRoute({
      id: 'route-v3',
      version: 3,
      latestVersion: 3,
      targetService: 'http://new:9000',
    });
    const fetchMock = stubApi({
      ...subscriptionStubs,
      ...noApprovalStubs,
      [`POST ${ROUTES}/route-lineage-1/versions`]: () =>
        Response.json(
          { message: 'Stale', code: 'PRECONDITION_FAILED', currentRevision: 3, current: theirs },
          { status: 412 },
        ),
    });
    const { dialog } = renderDialog(route);
    const path = await within(dialog).findByLabelText('Path');
    expect(path).toHaveValue('/orders');
    expect(within(dialog).getByRole('combobox', { name: 'Capability' })).toBeDisabled();
    await userEvent.clear(path);
    await userEvent.type(path, '/orders/v2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const alert = await within(dialog).findByTestId('conflict-alert');
    expect(alert).toHaveTextContent('Someone else changed this route');
    expect(alert).toHaveTextContent('Target service');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect((post?.[1]?.headers as Record<string, string>)['If-Match']).toBe('"2"');
    expect(within(dialog).getByLabelText('Path')).toHaveValue('/orders/v2');
  });
});
