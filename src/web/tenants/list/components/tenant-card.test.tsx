import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Tenant } from '@contract/tenants';
import { TenantCard } from '@/tenants/list/components/tenant-card';
import { makeTenant } from '@/tenants/list/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function renderCard(tenant: Tenant, me = makeMe({ globalRole: 'admin' })) {
  const handlers = { onEdit: vi.fn(), onConfigure: vi.fn(), onDelete: vi.fn() };
  const utils = renderWithProviders(<></>, {
    queryClient: queryClientWithMe(me),
    routes: [
      { path: '/', element: <TenantCard tenant={tenant} {...handlers} /> },
      { path: '/tenant/:tenantId/control-plane', element: <p>Control plane screen</p> },
    ],
  });
  return { ...utils, handlers, card: within(screen.getByTestId('tenant-card')) };
}

const detail = (card: ReturnType<typeof within>, label: string) =>
  card.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('TenantCard', { timeout: 20_000 }, () => {
  it('shows every field with its wording', () => {
    const tenant = makeTenant();
    const { card } = renderCard(tenant);

    expect(card.getByText('Acme Corporation')).toBeInTheDocument();
    expect(card.getByText('Main production tenant for Acme.')).toHaveClass('line-clamp-2');
    expect(card.getByTestId('tenant-owner')).toHaveTextContent('john.doe@acme.com');
    expect(card.getByTestId('status-badge')).toHaveTextContent('Active');
    expect(
      within(card.getByTestId('tenant-environments'))
        .getAllByText(/./)
        .map((badge) => badge.textContent),
    ).toEqual(['Dev', 'UAT', 'Prod']);
    expect(detail(card, 'Identity Provider')).toHaveTextContent('okta');
    expect(detail(card, 'Auth Provider')).toHaveTextContent('oidc');
    expect(detail(card, 'API Gateway')).toHaveTextContent('Configured');
    expect(detail(card, 'Policy Server')).toHaveTextContent('Configured');
    expect(detail(card, 'Region')).toHaveTextContent('eu-west-1');
    expect(detail(card, 'Classification')).toHaveTextContent('confidential');
    expect(detail(card, 'DR Tier')).toHaveTextContent('TIER-1');
    expect(detail(card, 'Created')).toHaveTextContent(new Date(tenant.createdAt).toLocaleDateString());
  });

  it("says 'No environments enabled', hides the Configured indicators and shows 'N/A' without a date", () => {
    const { card } = renderCard(
      makeTenant({
        developmentEnabled: false,
        uatEnabled: false,
        productionEnabled: false,
        apiGatewayConfiguration: null,
        policyServerConfiguration: null,
        createdAt: '',
      }),
    );
    expect(card.getByTestId('tenant-environments')).toHaveTextContent('No environments enabled');
    expect(card.queryByText('Configured')).not.toBeInTheDocument();
    expect(card.queryByText('API Gateway')).not.toBeInTheDocument();
    expect(detail(card, 'Created')).toHaveTextContent('N/A');
  });

  it('shows only the enabled environments', () => {
    const { card } = renderCard(makeTenant({ developmentEnabled: false, productionEnabled: false }));
    expect(card.getByTestId('tenant-environments')).toHaveTextContent(/^UAT$/);
  });

  it('links Control Plane to /tenant/{id}/control-plane', async () => {
    const { card, router } = renderCard(makeTenant());
    await userEvent.click(card.getByRole('link', { name: 'Control Plane' }));
    expect(await screen.findByText('Control plane screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tenant/tenant-001/control-plane');
  });

  it('offers Edit, Configure IDP & Auth and Delete to an administrator', async () => {
    const tenant = makeTenant();
    const { handlers } = renderCard(tenant);
    await userEvent.click(screen.getByRole('button', { name: `Actions for ${tenant.name}` }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Configure IDP & Auth', 'Delete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Configure IDP & Auth' }));
    expect(handlers.onConfigure).toHaveBeenCalledWith(tenant);
  });

  it('offers a tenant admin Edit and Configure but not Delete', async () => {
    renderCard(makeTenant(), makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'admin' }] }));
    await userEvent.click(screen.getByRole('button', { name: /^Actions for / }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Configure IDP & Auth']);
  });

  it('shows no menu to a member', () => {
    renderCard(makeTenant(), makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'member' }] }));
    expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Control Plane' })).toBeInTheDocument();
  });
});
