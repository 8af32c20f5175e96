import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ChangeRequest } from '../../src/contract/changes';
import { expect, signIn, test } from '../fixtures';
import { fillEditor } from '../code-editor';
import { createUser, uniqueEmail } from '../users/helpers';
import { CONTROL_PLANE, patchTenant, registerCapability, TENANT_ID, toast } from './helpers';

const GATEWAY_TAB = `${CONTROL_PLANE}?tab=gateway&env=development`;

/** A capability the tenant subscribes to in development (a configuration version creates the subscription). */
async function subscribedCapability(request: APIRequestContext, name: string): Promise<string> {
  await patchTenant(request, {
    developmentEnabled: true,
    allowedRegions: ['us-east-1', 'us-west-2', 'eu-west-1'],
    environmentRegionPolicies: null,
    confirmWidening: true,
  });
  const capabilityId = await registerCapability(request, name);
  const res = await request.post('/api/capability-subscriptions/versions', {
    data: {
      subscriptionId: `sub-${TENANT_ID}-${capabilityId}`,
      tenantId: TENANT_ID,
      capabilityId,
      environment: 'development',
      region: 'us-east-1',
      configuration: '{}',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return capabilityId;
}

/**
 * Applies a change at once as the administrator, with a bypass: production asks for an approval by
 * default, so set-up writes there go through a change request.
 */
async function applyWithBypass(request: APIRequestContext, change: Record<string, unknown>): Promise<void> {
  const res = await request.post('/api/change-requests', { data: { change, bypassReason: 'E2E set-up' } });
  expect(res.status(), await res.text()).toBe(201);
  expect(((await res.json()) as ChangeRequest).status).toBe('applied');
}

async function pickCapability(page: Page, dialog: ReturnType<Page['getByRole']>, name: string) {
  const select = dialog.getByRole('combobox', { name: 'Capability' });
  await expect(select).toBeEnabled();
  await select.click();
  await page.getByRole('option', { name }).click();
}

/** Downloads an artifact through its button and answers the file's bytes and name. */
async function download(page: Page, button: string): Promise<{ bytes: Buffer; name: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { bytes: await readFile(path), name: file.suggestedFilename() };
}

test.describe('control plane: gateway routes and OPA policies', () => {
  test('create a route, edit it, activate the older version, add a policy, download both artifacts', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    const capability = `E2E Gateway ${stamp}`;
    await subscribedCapability(request, capability);
    const path = `/e2e-orders-${stamp}`;

    await page.goto(GATEWAY_TAB);
    await expect(page.getByRole('tab', { name: 'Gateway & Policies' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByTestId('gateway-scope')).toContainText('whole Development environment');

    // Create.
    await page.getByRole('button', { name: 'Create Route' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Create Route' });
    await pickCapability(page, dialog, capability);
    await dialog.getByLabel('Path').fill(path);
    await dialog.getByRole('checkbox', { name: 'POST' }).click();
    await dialog.getByLabel('Target service').fill('http://orders.internal:8080');
    await expect(dialog.getByLabel('Rate limit (requests per minute)')).toHaveValue('1000');
    await dialog.getByRole('button', { name: 'Create Route' }).click();
    await expect(toast(page)).toContainText('Route created');
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search routes by path or target' }).fill(path);
    const row = page.getByTestId('route-row').filter({ hasText: path });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('route-version')).toHaveText('v1');
    await expect(row).toContainText('1000/min');
    await expect(row).toContainText('Required');
    await expect(row.locator('[data-method]')).toHaveText(['GET', 'POST']);

    // Edit: version 2, no limit.
    const actions = row.getByRole('button', { name: `Actions for route ${path}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Route' });
    await expect(dialog.getByLabel('Path')).toHaveValue(path);
    await dialog.getByLabel('Rate limit (requests per minute)').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page)).toContainText('Route updated');
    await expect(row.getByTestId('route-version')).toHaveText('v2');
    await expect(row).toContainText('Unlimited');

    // History: diff and activate version 1.
    await actions.click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Route Version History' });
    const items = history.getByTestId('history-version');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Version 2');
    await expect(items.nth(0)).toContainText('Active');
    await expect(items.nth(0)).toContainText('admin@example.com');
    await items.nth(1).getByText('Difference from the active version 2').click();
    await expect(items.nth(1).locator('[data-diff=removed]')).toHaveText('- rate limit: Unlimited');
    await expect(items.nth(1).locator('[data-diff=added]')).toHaveText('+ rate limit: 1000/min');
    await items.nth(1).getByRole('button', { name: 'Activate version 1' }).click();
    await expect(toast(page)).toContainText('Version activated');
    await expect(history).toBeHidden();
    await expect(row.getByTestId('route-version')).toHaveText('v1');
    await expect(row).toContainText('1000/min');

    // A policy with a package of its own (two active policies may not share one).
    await page.getByRole('button', { name: 'Create Policy' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Create Policy' });
    await pickCapability(page, dialog, capability);
    const policyName = `e2e-authz-${stamp}`;
    await dialog.getByLabel('Name').fill(policyName);
    const rego = dialog.getByRole('textbox', { name: 'Rego policy' });
    await fillEditor(
      rego,
      `package e2e.p${stamp}\n\nimport rego.v1\n\ndefault allow := false\n\nallow if {\n  input.method == "GET"`,
    );
    await dialog.getByRole('button', { name: 'Create Policy' }).click();
    // The unclosed brace comes back with its line and column, beside the editor and marked in it.
    await expect(dialog.getByRole('list', { name: 'Rego problems' })).toContainText(
      /Line 8, column 24: rego_parse_error: unexpected eof token/,
    );
    await expect(dialog.locator('.cm-lintPoint-error, .cm-lintRange-error')).toHaveCount(1);
    await fillEditor(
      rego,
      `package e2e.p${stamp}\n\nimport rego.v1\n\ndefault allow := false\n\nallow if {\n  input.method == "GET"\n}`,
    );
    await dialog.getByRole('button', { name: 'Create Policy' }).click();
    await expect(toast(page)).toContainText('Policy created');
    await page.getByRole('searchbox', { name: 'Search policies by name' }).fill(policyName);
    const policyRow = page.getByTestId('policy-row').filter({ hasText: policyName });
    await expect(policyRow.getByTestId('policy-version')).toHaveText('v1');

    // The artifacts of development.
    const yaml = await download(page, 'Download Kong (decK) YAML of Development');
    expect(yaml.name).toMatch(/^kong-deck-.*\.ya?ml$/);
    expect(yaml.bytes.toString('utf8')).toContain('_format_version');
    expect(yaml.bytes.toString('utf8')).toContain('select_tags');
    expect(yaml.bytes.toString('utf8')).toContain(path);
    const json = await download(page, 'Download Kong (decK) JSON of Development');
    expect(JSON.stringify(JSON.parse(json.bytes.toString('utf8')))).toContain(path);
    // DB-less Kong refuses decK's _info: its file has none.
    const dbless = await download(page, 'Download Kong (DB-less) YAML of Development');
    expect(dbless.name).toMatch(/^kong-dbless-.*\.ya?ml$/);
    expect(dbless.bytes.toString('utf8')).toContain(path);
    expect(dbless.bytes.toString('utf8')).not.toContain('_info');
    const bundle = await download(page, 'Download OPA bundle of Development');
    expect(bundle.name).toMatch(/\.tar\.gz$/);
    expect(bundle.bytes.length).toBeGreaterThan(20);
    expect([bundle.bytes[0], bundle.bytes[1]]).toEqual([0x1f, 0x8b]);
  });

  test('a production route edit by the administrator becomes a change request; the route keeps its version', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    await patchTenant(request, {
      productionEnabled: true,
      allowedRegions: ['us-east-1', 'us-west-2', 'eu-west-1'],
      environmentRegionPolicies: null,
      confirmWidening: true,
    });
    const capabilityId = await registerCapability(request, `E2E Gateway Production ${stamp}`);
    await applyWithBypass(request, {
      kind: 'configuration.create',
      body: {
        subscriptionId: `sub-${TENANT_ID}-${capabilityId}`,
        tenantId: TENANT_ID,
        capabilityId,
        environment: 'production',
        region: 'us-east-1',
        configuration: '{}',
      },
    });
    const path = `/e2e-production-${stamp}`;
    await applyWithBypass(request, {
      kind: 'gateway_route.create',
      tenantId: TENANT_ID,
      body: {
        capabilityId,
        environment: 'production',
        path,
        methods: ['GET'],
        targetService: 'http://orders.internal:8080',
      },
    });

    await page.goto(`${CONTROL_PLANE}?tab=gateway&env=production&routeQ=${encodeURIComponent(path)}`);
    const row = page.getByTestId('route-row').filter({ hasText: path });
    await expect(row.getByTestId('route-version')).toHaveText('v1');
    await row.getByRole('button', { name: `Actions for route ${path}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Route' });
    await expect(
      dialog.getByText('Production changes of this tenant need 1 approval: this creates a change request.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await dialog.getByLabel('Rate limit (requests per minute)').fill('');
    await dialog.getByLabel('Description (optional)').fill('No limit for the launch');
    const [posted] = await Promise.all([
      page.waitForResponse(
        (res) => res.url().endsWith('/api/change-requests') && res.request().method() === 'POST',
      ),
      dialog.getByRole('button', { name: 'Request change' }).click(),
    ]);
    expect(posted.status()).toBe(201);
    const created = (await posted.json()) as ChangeRequest;
    expect(created).toMatchObject({
      kind: 'gateway_route.edit',
      status: 'pending',
      environment: 'production',
    });
    await expect(toast(page)).toContainText(`Change request #${created.number} created`);
    await expect(dialog).toBeHidden();
    // Nothing applied: the route keeps version 1 and its limit.
    await expect(row.getByTestId('route-version')).toHaveText('v1');
    await expect(row).toContainText('1000/min');

    // Leave no request waiting for the other specs' reviewers.
    const cancelled = await request.post(`/api/change-requests/${created.id}/cancel`);
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  });

  test('a member sees the routes but no write action', async ({ request, anonymousPage }) => {
    const stamp = Date.now();
    const capabilityId = await subscribedCapability(request, `E2E Gateway Member ${stamp}`);
    const path = `/e2e-member-${stamp}`;
    const created = await request.post(`/api/tenants/${TENANT_ID}/gateway-routes`, {
      data: {
        capabilityId,
        environment: 'development',
        path,
        methods: ['GET'],
        targetService: 'orders.internal',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const email = uniqueEmail('e2e-gateway-member');
    const password = 'gateway-member-password-1';
    const user = await createUser(request, { name: `E2E Gateway Member ${stamp}`, email, password });
    const profile = await request.post('/api/user-profiles', {
      data: { userId: user.id, tenantId: TENANT_ID, role: 'member' },
    });
    expect(profile.status(), await profile.text()).toBe(201);

    const page = anonymousPage;
    await signIn(page.request, { email, password });
    await page.goto(`${GATEWAY_TAB}&routeQ=${encodeURIComponent(path)}`);
    const row = page.getByTestId('route-row').filter({ hasText: path });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Create Route' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create Policy' })).toHaveCount(0);
    await row.getByRole('button', { name: `Actions for route ${path}` }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['History']);
    // Downloads are reads: a member may take the artifacts.
    await expect(
      page.getByRole('button', { name: 'Download Kong (DB-less) YAML of Development' }),
    ).toBeEnabled();
  });

  test('fits a 375 px screen: no sideways scroll, the row actions in view', async ({ page, request }) => {
    const stamp = Date.now();
    const capabilityId = await subscribedCapability(request, `E2E Gateway Narrow ${stamp}`);
    const path = `/e2e-narrow-${stamp}/with/a/rather/long/path`;
    const created = await request.post(`/api/tenants/${TENANT_ID}/gateway-routes`, {
      data: {
        capabilityId,
        environment: 'development',
        path,
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        targetService: 'http://a-long-internal-service-name.cluster.local:8080',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${GATEWAY_TAB}&routeQ=${encodeURIComponent(path)}`);
    const row = page.getByTestId('route-row').filter({ hasText: `/e2e-narrow-${stamp}` });
    await expect(row).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Scrolled down to the row (not sideways): its menu button is in view.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: /^Actions for route / })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('gateway-375.png'), fullPage: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('tab', { name: 'Gateway & Policies' })).toBeInViewport();
  });
});
