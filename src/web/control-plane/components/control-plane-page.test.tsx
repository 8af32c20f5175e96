import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeMe } from '@/test/me';
import {
  calls,
  makeCapability,
  makeTenant,
  makeVersion,
  polyfillPointer,
  stubApi,
} from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';

const ACTIVE = '/api/capability-subscriptions/versions/active/tenant-001/production/us-east-1';
/** The catalogue's first page: sorted by name, the largest page the API serves. */
const CATALOGUE_PAGE_1 = '/api/capabilities?sort=name&limit=200&offset=0';

// Radix dialogs and selects under user-event are slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TenantControlPlanePage', () => {
  it('shows the loading text, then the tenant name and the two tabs', async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [],
      [`GET ${ACTIVE}`]: [],
    });
    renderControlPlane();
    expect(screen.getByText('Loading tenant control plane...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Acme Financial Services' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Capabilities' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Configuration' })).toBeInTheDocument();
    expect(screen.getByLabelText('AWS Region')).toHaveTextContent('us-east-1');
    expect(screen.getByLabelText('Environment')).toHaveTextContent('Production');
  });

  it("says 'Tenant not found' with a way back when the tenant is missing", async () => {
    stubApi({});
    const { router } = renderControlPlane();
    expect(await screen.findByText('Tenant not found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Tenants' }));
    expect(router.state.location.pathname).toBe('/tenants');
  });

  it.each([2, 12])(
    'loads the Capabilities tab in exactly 3 GET requests with %i capabilities',
    async (count) => {
      const capabilities = Array.from({ length: count }, (_, i) => makeCapability(i + 1));
      const fetchMock = stubApi({
        'GET /api/tenants/tenant-001': makeTenant(),
        'GET /api/capabilities': capabilities,
        [`GET ${ACTIVE}`]: [makeVersion({ capabilityId: 'api-002', version: 3 })],
      });
      renderControlPlane();
      expect(await screen.findAllByRole('article')).toHaveLength(count);
      expect(calls(fetchMock)).toEqual(['/api/tenants/tenant-001', CATALOGUE_PAGE_1, ACTIVE]);
    },
  );

  it("reads 'Configure' without an active configuration and 'Update Configuration' with one", async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1), makeCapability(2)],
      [`GET ${ACTIVE}`]: [makeVersion({ capabilityId: 'api-002', version: 3, configuration: '{"a":1}' })],
    });
    renderControlPlane();
    const plain = await screen.findByRole('article', { name: 'Capability 1' });
    const configured = screen.getByRole('article', { name: 'Capability 2' });
    expect(within(plain).getByRole('button', { name: 'Configure' })).toBeInTheDocument();
    expect(within(plain).queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
    expect(within(plain).queryByLabelText('Configured')).not.toBeInTheDocument();

    expect(within(configured).getByRole('button', { name: 'Update Configuration' })).toBeInTheDocument();
    expect(within(configured).getByRole('button', { name: 'History' })).toBeInTheDocument();
    expect(within(configured).getByLabelText('Configured')).toBeInTheDocument();
    expect(within(configured).getByText('Version 3')).toBeInTheDocument();
    expect(within(configured).getByText('production')).toBeInTheDocument();
    expect(within(configured).getByText('us-east-1')).toBeInTheDocument();
    expect(within(configured).getByTestId('active-configuration-text').textContent).toBe('{\n  "a": 1\n}');
  });

  it('keeps the cards, unconfigured, with a quiet notice and a retry when the active versions fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1), makeCapability(2)],
      [`GET ${ACTIVE}`]: () =>
        fail
          ? new Response('Upstream proxy timed out', { status: 502 })
          : Response.json([makeVersion({ capabilityId: 'api-002', version: 3 })]),
    });
    renderControlPlane();
    const words = await screen.findByText(/Active configurations could not be loaded/);
    const notice = words.closest<HTMLElement>('[role="status"]');
    if (!notice) throw new Error('the notice is not a status region');
    expect(notice).toHaveTextContent('Upstream proxy timed out');
    expect(screen.queryByText('Could not load the capabilities')).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Capability 2' });
    expect(within(card).getByRole('button', { name: 'Configure' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();

    fail = false;
    await userEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(card).getByText('Version 3')).toBeInTheDocument());
    expect(screen.queryByText(/Active configurations could not be loaded/)).not.toBeInTheDocument();
  });

  it('hides configuring from users who may not create versions', async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE}`]: [],
    });
    renderControlPlane(undefined, {
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'member' }] }),
    });
    const card = await screen.findByRole('article', { name: 'Capability 1' });
    expect(within(card).queryByRole('button', { name: 'Configure' })).not.toBeInTheDocument();
  });

  it('loads the active list of a newly chosen context', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': makeTenant({ allowedRegions: null }),
      'GET /api/capabilities': [makeCapability(1)],
      'GET /api/capability-subscriptions/versions/active/*': [],
    });
    renderControlPlane();
    await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(screen.getByLabelText('AWS Region'));
    await userEvent.click(await screen.findByRole('option', { name: 'eu-west-2' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        '/api/capability-subscriptions/versions/active/tenant-001/production/eu-west-2',
      ),
    );
  });
});
