import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, makeCapability, makeTenant, polyfillPointer, stubApi } from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => {
  vi.unstubAllGlobals();
});

const ACTIVE_PREFIX = '/api/capability-subscriptions/versions/active/tenant-001';

describe('Tenant control plane: tab and context in the address', () => {
  it('opens the tab, environment and region a link names', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': makeTenant({ allowedRegions: null }),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE_PREFIX}/*`]: [],
    });
    const { router } = renderControlPlane(undefined, {
      search: '?tab=configuration&env=uat&region=eu-west-2',
    });
    expect(await screen.findByRole('tab', { name: 'Configuration' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Capabilities' }));
    expect(await screen.findByRole('article', { name: 'Capability 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Environment')).toHaveTextContent('UAT');
    expect(screen.getByLabelText('AWS Region')).toHaveTextContent('eu-west-2');
    expect(calls(fetchMock)).toContain(`${ACTIVE_PREFIX}/uat/eu-west-2`);
    // The default tab is left out of the address; the context stays.
    expect(router.state.location.search).toBe('?env=uat&region=eu-west-2');
  });

  it('writes a newly chosen region and tab into the address', async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant({ allowedRegions: null }),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE_PREFIX}/*`]: [],
    });
    const { router } = renderControlPlane();
    await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(screen.getByLabelText('AWS Region'));
    await userEvent.click(await screen.findByRole('option', { name: 'ap-south-1' }));
    await waitFor(() => expect(router.state.location.search).toBe('?region=ap-south-1'));
    await userEvent.click(screen.getByRole('tab', { name: 'Configuration' }));
    await waitFor(() => expect(router.state.location.search).toBe('?region=ap-south-1&tab=configuration'));
  });

  it('ignores unknown values and falls back to the defaults', async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [],
      [`GET ${ACTIVE_PREFIX}/*`]: [],
    });
    renderControlPlane(undefined, { search: '?tab=nope&env=staging&region=mars-1' });
    expect(await screen.findByRole('tab', { name: 'Capabilities' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Environment')).toHaveTextContent('Production');
    expect(screen.getByLabelText('AWS Region')).toHaveTextContent('us-east-1');
  });
});

describe('Tenant control plane: only the choices the tenant allows', () => {
  const governed = makeTenant({
    uatEnabled: false,
    allowedRegions: ['us-east-1', 'eu-west-1', 'eu-central-1'],
    environmentRegionPolicies: JSON.stringify([
      { environment: 'production', regions: ['eu-west-1', 'eu-central-1'] },
    ]),
  });

  it('lists the enabled environments and the regions each accepts, with a hint why others are missing', async () => {
    stubApi({
      'GET /api/tenants/tenant-001': governed,
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE_PREFIX}/*`]: [],
    });
    const { router } = renderControlPlane();
    await screen.findByRole('article', { name: 'Capability 1' });
    const environment = screen.getByLabelText('Environment');
    expect(environment).toHaveAccessibleDescription('Only enabled environments are listed (UAT is off)');
    await userEvent.click(environment);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Development',
      'Production',
    ]);
    await userEvent.keyboard('{Escape}');

    const region = screen.getByLabelText('AWS Region');
    expect(region).toHaveTextContent('eu-west-1');
    expect(region).toHaveAccessibleDescription(
      "Only regions allowed for Production are listed · Edit the tenant's region policy",
    );
    await userEvent.click(region);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'eu-west-1',
      'eu-central-1',
    ]);
    await userEvent.keyboard('{Escape}');

    // The hint's link opens the Configuration tab, where the Region Configuration card is.
    await userEvent.click(screen.getByRole('button', { name: "Edit the tenant's region policy" }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=configuration'));
    expect(await screen.findByText('Region Configuration')).toBeInTheDocument();
  });

  it('falls back from a linked environment or region the tenant does not allow, and corrects the address', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': governed,
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE_PREFIX}/*`]: [],
    });
    const { router } = renderControlPlane(undefined, { search: '?env=uat&region=ap-south-1' });
    await screen.findByRole('article', { name: 'Capability 1' });
    expect(screen.getByLabelText('Environment')).toHaveTextContent('Production');
    expect(screen.getByLabelText('AWS Region')).toHaveTextContent('eu-west-1');
    await waitFor(() => expect(router.state.location.search).toBe('?env=production&region=eu-west-1'));
    expect(calls(fetchMock)).not.toContain(`${ACTIVE_PREFIX}/uat/ap-south-1`);

    // Development accepts every allowed region; us-east-1 is not production's, so it moves on.
    await userEvent.click(screen.getByLabelText('Environment'));
    await userEvent.click(await screen.findByRole('option', { name: 'Development' }));
    await userEvent.click(screen.getByLabelText('AWS Region'));
    await userEvent.click(await screen.findByRole('option', { name: 'us-east-1' }));
    await waitFor(() => expect(router.state.location.search).toBe('?env=development&region=us-east-1'));
    await userEvent.click(screen.getByLabelText('Environment'));
    await userEvent.click(await screen.findByRole('option', { name: 'Production' }));
    await waitFor(() => expect(router.state.location.search).toBe('?env=production&region=eu-west-1'));
    expect(screen.getByLabelText('AWS Region')).toHaveTextContent('eu-west-1');
  });
});

describe('Tenant control plane: a catalogue larger than one page', () => {
  it('shows the first 200 cards with one request, and the rest on demand', async () => {
    const all = Array.from({ length: 201 }, (_, i) => makeCapability(i + 1));
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': (_init: RequestInit | undefined, url: string) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const offset = Number(params.get('offset'));
        const rows = all.slice(offset, offset + Number(params.get('limit')));
        return Response.json(rows, { headers: { 'X-Total-Count': String(all.length) } });
      },
      [`GET ${ACTIVE_PREFIX}/*`]: [],
    });
    renderControlPlane();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(200));
    expect(screen.getByText('Showing 200 of 201 capabilities')).toBeInTheDocument();
    expect(calls(fetchMock).filter((url) => url.startsWith('/api/capabilities'))).toEqual([
      '/api/capabilities?sort=name&limit=200&offset=0',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Show more capabilities' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(201));
    expect(calls(fetchMock)).toContain('/api/capabilities?sort=name&limit=200&offset=200');
    expect(screen.queryByRole('button', { name: 'Show more capabilities' })).not.toBeInTheDocument();
  });
});
