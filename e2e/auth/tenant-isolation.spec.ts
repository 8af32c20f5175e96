import type { Overview } from '../../src/contract/overview';
import type { Tenant } from '../../src/contract/tenants';
import { expect, test } from '../fixtures';
import { demoMembers, pageHeading, setPassword, signInThroughForm } from './auth-helpers';

const MEMBER_PASSWORD = 'member-password-123';

test.describe('tenant isolation', () => {
  test('a user sees only their own tenants', async ({ request, anonymousPage: page }) => {
    const allTenantsRes = await request.get('/api/tenants');
    const allTenants = (await allTenantsRes.json()) as Tenant[];
    // The demo data has no active non-administrator with a single tenant: take the one with the fewest
    // tenants (ties: one who owns none, so that the Audit Log is hidden) and check they miss the rest.
    const members = await demoMembers(request);
    const fewest = members[0]?.tenantIds.length;
    const member = members.filter((m) => m.tenantIds.length === fewest).sort((a, b) => +a.owns - +b.owns)[0];
    expect(member, 'a demo user with tenant profiles').toBeDefined();
    if (!member) return;
    const other = allTenants.find((tenant) => !member.tenantIds.includes(tenant.id));
    expect(other, 'a tenant the member has no profile in').toBeDefined();
    if (!other) return;

    await setPassword(request, member.user.id, MEMBER_PASSWORD);
    await page.goto('/login');
    await signInThroughForm(page, { email: member.user.email, password: MEMBER_PASSWORD });
    await expect(pageHeading(page)).toHaveText('Overview');

    // The API, with the browser's session.
    const tenantsRes = await page.request.get('/api/tenants');
    expect(tenantsRes.ok()).toBe(true);
    const visible = ((await tenantsRes.json()) as Tenant[]).map((tenant) => tenant.id).sort();
    expect(visible).toEqual(member.tenantIds);
    expect((await page.request.get(`/api/tenants/${encodeURIComponent(other.id)}`)).status()).toBe(404);
    expect((await page.request.get(`/api/tenants/${encodeURIComponent(member.tenantIds[0]!)}`)).ok()).toBe(
      true,
    );

    // The Overview counts only their tenants.
    const overview = (await (await page.request.get('/api/overview')).json()) as Overview;
    expect(overview.totalTenants).toBe(member.tenantIds.length);
    await expect(page.getByTestId('metric-total-tenants').getByTestId('metric-value')).toHaveText(
      String(member.tenantIds.length),
    );

    // The account menu names them, with their global role.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').getByTestId('user-menu-email')).toHaveText(member.user.email);
    await expect(page.getByRole('menu').getByTestId('user-menu-role')).toHaveText(member.user.globalRole);
    await page.keyboard.press('Escape');

    // The Audit Log entry only for tenant owners.
    const auditLink = page.getByTestId('sidebar').getByRole('link', { name: 'Audit Log' });
    await expect(auditLink).toHaveCount(member.owns ? 1 : 0);
    const auditRes = await page.request.get('/api/audit-events');
    expect(auditRes.status()).toBe(member.owns ? 200 : 403);
  });

  test('a user who owns no tenant is refused the audit log', async ({ request, anonymousPage: page }) => {
    const member = (await demoMembers(request)).find((m) => !m.owns);
    expect(member, 'a demo user who owns no tenant').toBeDefined();
    if (!member) return;

    await setPassword(request, member.user.id, MEMBER_PASSWORD);
    await page.goto('/login?redirect=%2Faudit-log');
    await signInThroughForm(page, { email: member.user.email, password: MEMBER_PASSWORD });

    await expect(page).toHaveURL('/audit-log');
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toContainText('Only administrators and tenant owners can read the audit log');
    await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });

  test("a tenant owner reads only their tenants' audit events", async ({ request, anonymousPage: page }) => {
    const owner = (await demoMembers(request)).find((m) => m.owns);
    expect(owner, 'a demo user who owns a tenant').toBeDefined();
    if (!owner) return;

    await setPassword(request, owner.user.id, MEMBER_PASSWORD);
    await page.goto('/login');
    await signInThroughForm(page, { email: owner.user.email, password: MEMBER_PASSWORD });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Audit Log' }).click();
    await expect(pageHeading(page)).toHaveText('Audit Log');

    const res = await page.request.get('/api/audit-events');
    expect(res.ok()).toBe(true);
    const events = (await res.json()) as Array<{ tenantId: string | null }>;
    for (const event of events) expect(owner.tenantIds).toContain(event.tenantId);
    await expect(
      page.getByText('No audit events match these filters').or(page.getByTestId('audit-table')),
    ).toBeVisible();
  });
});
