import type { Tenant } from '../../src/contract/tenants';
import { expect, test } from '../fixtures';
import { cardDetail, tenantCard, toast } from './helpers';

test.describe('one tenant cache', () => {
  test('a tenant edited on the control plane shows the change on the Tenants page without a reload', async ({
    page,
    request,
  }) => {
    const name = `E2E Refresh ${Date.now()}`;
    const res = await request.post('/api/tenants', {
      data: {
        name,
        owner: 'refresh@example.com',
        dataResidency: 'us-east-1',
        dataClassification: 'Internal',
      },
    });
    expect(res.status()).toBe(201);
    const tenant = (await res.json()) as Tenant;

    await page.goto(`/tenants?q=${encodeURIComponent(name)}`);
    const card = tenantCard(page, name);
    await expect(cardDetail(card, 'Classification')).toHaveText('Internal');
    // Marks this document: a reload would lose the mark.
    await page.evaluate(() => ((window as unknown as { e2eMark: string }).e2eMark = 'same-document'));

    await card.getByRole('link', { name: /Control Plane/ }).click();
    await expect(page).toHaveURL(`/tenant/${tenant.id}/control-plane`);
    await page.getByRole('tab', { name: 'Configuration' }).click();
    const form = page.getByRole('form', { name: 'Tenant metadata' });
    await form.getByLabel('Data Classification').fill('Restricted');
    await form.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Configuration updated')).toBeVisible();

    // Back to the same list view, whose page is cached: only the shared invalidation refreshes it.
    await page.goBack();
    await expect(page).toHaveURL(`/tenants?q=${encodeURIComponent(name)}`);
    await expect(cardDetail(tenantCard(page, name), 'Classification')).toHaveText('Restricted');
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark)).toBe(
      'same-document',
    );
  });
});
