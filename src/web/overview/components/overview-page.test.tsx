import type { Overview } from '@contract/overview';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverviewPage } from '@/overview/components/overview-page';
import { renderWithProviders } from '@/test/render';
import { emptyCards, stubFetchByPath } from '@/overview/components/attention-test-data';

const tenant = (id: string, name: string) => ({
  id,
  revision: 1,
  name,
  description: null,
  status: 'active' as const,
  owner: `${id}@example.com`,
  developmentEnabled: true,
  uatEnabled: true,
  productionEnabled: true,
  idpProvider: null,
  idpConfiguration: null,
  authProvider: null,
  authConfiguration: null,
  apiGatewayConfiguration: null,
  policyServerConfiguration: null,
  dataClassification: null,
  dataRetentionRequirements: null,
  dataResidency: null,
  disasterRecoveryRequirements: null,
  privacyLaws: null,
  allowedRegions: null,
  environmentRegionPolicies: null,
  blueGreenConfig: null,
  createdAt: '2024-05-01T10:00:00.000Z',
});

const overview: Overview = {
  totalTenants: 5,
  capabilities: 8,
  webApps: 4,
  activeResources: 12,
  recentTenants: [
    tenant('t1', 'Acme'),
    tenant('t2', 'Globex'),
    tenant('t3', 'Initech'),
    tenant('t4', 'Umbrella'),
  ],
  recentWebApps: [
    {
      id: 'w1',
      revision: 1,
      name: 'Storefront',
      description: null,
      technology: 'module-federation',
      status: 'running',
      tenantId: 't1',
      useStandardHeader: null,
      useStandardFooter: null,
      environment: 'production',
      region: 'us-east-1',
      url: null,
      createdAt: '2024-05-02T10:00:00.000Z',
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OverviewPage', () => {
  it('shows the four metrics and the first 3 recent items of each list', async () => {
    const fetchMock = stubFetchByPath({ ...emptyCards, '/api/overview': overview });
    renderWithProviders(<OverviewPage />);

    const metrics: Array<[string, string, string]> = [
      ['metric-total-tenants', 'Total Tenants', '5'],
      ['metric-capabilities', 'Capabilities', '8'],
      ['metric-web-apps', 'Web Apps', '4'],
      ['metric-active-resources', 'Active Resources', '12'],
    ];
    for (const [testId, title, value] of metrics) {
      const card = await screen.findByTestId(testId);
      expect(card).toHaveTextContent(title);
      expect(within(card).getByTestId('metric-value')).toHaveTextContent(value);
    }
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/overview',
      expect.objectContaining({ credentials: 'include' }),
    );

    const tenants = screen.getByTestId('recent-tenants');
    expect(within(tenants).getAllByTestId('recent-item')).toHaveLength(3);
    expect(within(tenants).queryByText('Umbrella')).not.toBeInTheDocument();
    expect(within(tenants).getByRole('link', { name: 'Create Tenant' })).toHaveAttribute('href', '/tenants');

    const apps = screen.getByTestId('recent-web-apps');
    expect(within(apps).getByText('Storefront')).toBeInTheDocument();
    expect(within(apps).getByText(/Module Federation · Prod/)).toBeInTheDocument();
    expect(within(apps).getByRole('link', { name: 'Create Web App' })).toHaveAttribute('href', '/apps');
  });

  it('shows the empty states', async () => {
    stubFetchByPath({
      ...emptyCards,
      '/api/overview': { ...overview, recentTenants: [], recentWebApps: [] },
    });
    renderWithProviders(<OverviewPage />);
    expect(await screen.findByText('No tenants yet')).toBeInTheDocument();
    expect(screen.getByText('No web apps yet')).toBeInTheDocument();
  });

  it("shows the server's error message and retries on demand", async () => {
    const replies = [
      Response.json({ message: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' }, { status: 503 }),
      Response.json(overview),
    ];
    const fetchMock = stubFetchByPath({
      ...emptyCards,
      '/api/overview': () => replies.shift() ?? Response.json(overview),
    });
    renderWithProviders(<OverviewPage />);

    const alert = await screen.findByTestId('error-state');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('metric-total-tenants')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/overview')).toHaveLength(2);
  });
});
