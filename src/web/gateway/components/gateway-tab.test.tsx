import '@/test/dom-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeMe } from '@/test/me';
import { calls, makeCapability, makeTenant, polyfillPointer, stubApi } from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';
import { makePolicy, makeRoute, noApprovalStubs, subscriptionStubs } from '@/gateway/test/fixtures';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => vi.unstubAllGlobals());

const ROUTES = '/api/tenants/tenant-001/gateway-routes';
const POLICIES = '/api/tenants/tenant-001/opa-policies';
const v1 = makeRoute({ version: 1, isActive: false, latestVersion: 2, rateLimit: null });
const v2 = makeRoute({
  id: 'route-v2',
  version: 2,
  latestVersion: 2,
  targetService: 'http://orders-v2:8080',
});

const page = (rows: unknown[]) => () =>
  Response.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });

function stubTab(routes: unknown[], policies: unknown[] = []) {
  return stubApi({
    ...subscriptionStubs,
    ...noApprovalStubs,
    'GET /api/tenants/tenant-001': makeTenant(),
    'GET /api/capabilities': [makeCapability(1)],
    [`GET ${ROUTES}`]: page(routes),
    [`GET ${POLICIES}`]: page(policies),
    [`GET ${ROUTES}/route-lineage-1/versions`]: page([v2, v1]),
    [`POST ${ROUTES}/versions/route-v1/activate`]: () => Response.json({ ...v1, isActive: true }),
  });
}

describe('Gateway & Policies tab', () => {
  it('lists the environment’s routes with badges, auth, rate limit and version; Activate sends the newest as If-Match', async () => {
    const fetchMock = stubTab([v2], [makePolicy()]);
    renderControlPlane(undefined, { search: '?tab=gateway&env=uat' });
    const table = await screen.findByRole('table', { name: 'Gateway routes' });
    expect(
      calls(fetchMock).some((url) => url.startsWith(`${ROUTES}?`) && url.includes('environment=uat')),
    ).toBe(true);
    const row = within(table).getAllByTestId('route-row')[0]!;
    expect(within(row).getByText('GET')).toHaveAttribute('data-method', 'GET');
    expect(row).toHaveTextContent('/orders');
    expect(row).toHaveTextContent('Required');
    expect(row).toHaveTextContent('1000/min');
    expect(row).toHaveTextContent('v2');
    expect(screen.getByTestId('gateway-scope')).toHaveTextContent('whole UAT environment, in every region');
    expect(screen.queryByLabelText('AWS Region')).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'OPA policies' })).toHaveTextContent('orders-authz');

    await userEvent.click(within(row).getByRole('button', { name: 'Actions for route /orders' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Route Version History' });
    const older = await within(dialog).findByRole('listitem', { name: 'Version 1' });
    expect(older).toHaveTextContent('rate limit: Unlimited');
    await userEvent.click(within(older).getByText('Difference from the active version 2'));
    expect(within(older).getByText('- rate limit: 1000/min')).toBeInTheDocument();
    expect(within(older).getByText('+ rate limit: Unlimited')).toBeInTheDocument();
    await userEvent.click(within(older).getByRole('button', { name: 'Activate version 1' }));
    expect(await screen.findByText('Version activated')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/route-v1/activate'));
    expect((post?.[1]?.headers as Record<string, string>)['If-Match']).toBe('"2"');
  });

  it('shows a member no write action: no create, only History in the row menu', async () => {
    stubTab([v2]);
    renderControlPlane(undefined, {
      search: '?tab=gateway',
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'member' }] }),
    });
    const table = await screen.findByRole('table', { name: 'Gateway routes' });
    expect(screen.queryByRole('button', { name: 'Create Route' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for route /orders' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['History']);
    expect(await screen.findByText('No OPA policies in Production yet')).toBeInTheDocument();
  });

  it('offers Create Route in the empty state to a developer', async () => {
    stubTab([]);
    renderControlPlane(undefined, {
      search: '?tab=gateway&env=development',
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'developer' }] }),
    });
    const empty = await screen.findByText('No gateway routes in Development yet');
    await userEvent.click(
      within(empty.closest('[data-testid="empty-state"]')!).getByRole('button', { name: 'Create Route' }),
    );
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Create Route' })).toBeInTheDocument());
  });
});
