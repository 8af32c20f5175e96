import { expect, test } from '../fixtures';
import { expectEditorText, fillEditor } from '../code-editor';
import {
  cardDetail,
  choose,
  overviewTenantCount,
  searchTenants,
  tenantAction,
  tenantCard,
  toast,
} from './helpers';

test.describe('tenant management', () => {
  test('an administrator creates, edits, configures and deletes a tenant; each persists across a reload', async ({
    page,
  }) => {
    test.slow();
    const name = `E2E Tenant ${Date.now()}`;
    const tenantsBefore = await overviewTenantCount(page);

    // Create.
    await searchTenants(page, '');
    await page.getByRole('button', { name: 'Create Tenant' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Create Tenant' })).toBeVisible();
    for (const environment of ['Development', 'UAT', 'Production'])
      await expect(dialog.getByRole('switch', { name: environment })).toBeChecked();
    await dialog.getByRole('button', { name: 'Create Tenant' }).click();
    await expect(dialog.getByText('Tenant Name is required')).toBeVisible();
    await expect(dialog.getByText('Owner is required')).toBeVisible();
    await dialog.getByLabel('Tenant Name').fill(name);
    await dialog.getByLabel('Owner').fill('e2e.owner@example.com');
    await dialog.getByLabel('Description').fill('Created by the end-to-end suite');
    await choose(page, dialog.getByRole('combobox', { name: 'Data Residency' }), 'eu-central-1');
    await choose(page, dialog.getByRole('combobox', { name: 'Data Classification' }), 'Internal');
    await choose(
      page,
      dialog.getByRole('combobox', { name: 'Disaster Recovery' }),
      'Tier 2 - Important (RTO 24-72h, RPO 4-24h)',
    );
    await dialog.getByRole('switch', { name: 'Production' }).click();
    await dialog.getByRole('button', { name: 'Create Tenant' }).click();
    await expect(toast(page, 'Tenant created')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    await searchTenants(page, name);
    const card = tenantCard(page, name);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('status-badge')).toHaveText('Active');
    await expect(card.getByTestId('tenant-owner')).toHaveText('e2e.owner@example.com');
    await expect(card.getByTestId('tenant-environments')).toHaveText('DevUAT');
    await expect(cardDetail(card, 'Region')).toHaveText('eu-central-1');
    await expect(cardDetail(card, 'Classification')).toHaveText('internal');
    await expect(cardDetail(card, 'DR Tier')).toHaveText('TIER-2');
    await expect(cardDetail(card, 'Created')).not.toHaveText('N/A');
    expect(await overviewTenantCount(page)).toBe(tenantsBefore + 1);

    // Edit: prefilled, saved, kept.
    await searchTenants(page, name);
    await tenantAction(page, card, 'Edit');
    await expect(dialog.getByRole('heading', { name: 'Edit Tenant' })).toBeVisible();
    await expect(dialog.getByLabel('Tenant Name')).toHaveValue(name);
    await expect(dialog.getByRole('switch', { name: 'Production' })).not.toBeChecked();
    await dialog.getByLabel('Description').fill('Edited by the end-to-end suite');
    await choose(page, dialog.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await dialog.getByRole('switch', { name: 'UAT' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Tenant updated')).toBeVisible();
    await page.reload();
    await searchTenants(page, name);
    await expect(card.getByText('Edited by the end-to-end suite')).toBeVisible();
    await expect(card.getByTestId('status-badge')).toHaveText('Inactive');
    await expect(card.getByTestId('tenant-environments')).toHaveText('Dev');

    // Configure IDP & Auth: the server refuses text that is not JSON, naming the field.
    await tenantAction(page, card, 'Configure IDP & Auth');
    await expect(dialog.getByRole('heading', { name: 'Configure Tenant Infrastructure' })).toBeVisible();
    await choose(page, dialog.getByRole('combobox', { name: 'Identity Provider' }), 'Keycloak');
    await fillEditor(dialog.getByLabel('IDP Configuration'), '{"realm": "e2e"}');
    await choose(page, dialog.getByRole('combobox', { name: 'Authorization Provider' }), 'SAML');
    await expect(dialog.getByRole('button', { name: 'Save Configuration' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'API Gateway' }).click();
    await fillEditor(
      dialog.getByLabel('API Gateway Configuration'),
      '{"rateLimit": {"requests": 1000, "per": "minute"}}',
    );
    // Production runs on the gateway settings, and a new tenant's production needs an approval.
    await expect(
      dialog.getByText('Production changes of this tenant need 1 approval: this creates a change request.'),
    ).toBeVisible();
    await dialog.getByRole('tab', { name: 'Policy Server' }).click();
    await fillEditor(dialog.getByLabel('Policy Server Configuration'), 'retain 90d');
    await dialog.getByRole('tab', { name: 'Identity & Auth' }).click();
    await dialog.getByRole('button', { name: 'Request change' }).click();
    // The open dialog hides the rest of the page from the accessibility tree, so the toast is found by text.
    await expect(page.getByText('policyServerConfiguration must be valid JSON').first()).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Policy Server' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByText('Must be valid JSON')).toBeVisible();
    await fillEditor(dialog.getByLabel('Policy Server Configuration'), '{"auditRetention": "90d"}');
    // An administrator applies it at once, with a reason; the identity fields save directly before it.
    await dialog.getByRole('checkbox', { name: 'Bypass approval' }).click();
    await dialog.getByLabel('Reason').fill('E2E: a new tenant with nothing live yet');
    await dialog.getByRole('button', { name: 'Apply now (bypass)' }).click();
    await expect(page.getByText('Change applied').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    await searchTenants(page, name);
    await expect(cardDetail(card, 'Identity Provider')).toHaveText('keycloak');
    await expect(cardDetail(card, 'Auth Provider')).toHaveText('saml');
    await expect(cardDetail(card, 'API Gateway')).toHaveText('Configured');
    await expect(cardDetail(card, 'Policy Server')).toHaveText('Configured');
    await tenantAction(page, card, 'Configure IDP & Auth');
    await expectEditorText(dialog.getByLabel('IDP Configuration'), '{"realm": "e2e"}');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The Control Plane button leads to the tenant's control plane.
    await card.getByRole('link', { name: 'Control Plane' }).click();
    await expect(page).toHaveURL(/\/tenant\/[^/]+\/control-plane$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(name);

    // Delete: says what goes with the tenant.
    await searchTenants(page, name);
    await tenantAction(page, card, 'Delete');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('web apps, user profiles, capability subscriptions and meshes');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Tenant deleted')).toBeVisible();
    await expect(page.getByText('No tenants found')).toBeVisible();
    await page.reload();
    await searchTenants(page, name);
    await expect(page.getByText('No tenants found')).toBeVisible();
    expect(await overviewTenantCount(page)).toBe(tenantsBefore);
  });

  test('search finds tenants by name or owner, and says when none match', async ({ page, request }) => {
    const res = await request.get('/api/tenants');
    expect(res.ok()).toBe(true);
    const [first] = (await res.json()) as { name: string; owner: string }[];
    if (!first) throw new Error('The demo data has tenants');

    await searchTenants(page, first.owner);
    await expect(tenantCard(page, first.name)).toBeVisible();
    await expect(page.getByTestId('tenant-card').getByTestId('tenant-owner').first()).toHaveText(first.owner);

    await page.getByRole('searchbox', { name: 'Search tenants' }).fill(first.name);
    await expect(tenantCard(page, first.name)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search tenants' }).fill(`no such tenant ${Date.now()}`);
    await expect(page.getByText('No tenants found')).toBeVisible();
    await expect(page.getByTestId('tenant-card')).toHaveCount(0);
  });
});
