import type { APIRequestContext } from '@playwright/test';
import type { Tenant } from '../../src/contract/tenants';
import { expect, test } from '../fixtures';
import { choose, tenantCard } from './helpers';

const TARGET = 120;
const PREFIX = 'E2E Paging';

async function total(request: APIRequestContext, query = ''): Promise<number> {
  const res = await request.get(`/api/tenants?limit=1${query}`);
  expect(res.ok()).toBe(true);
  return Number(res.headers()['x-total-count']);
}

/** Creates "E2E Paging 001", "002"... until there are at least TARGET tenants (and at least 12 of ours). */
async function fillTenants(request: APIRequestContext): Promise<void> {
  let count = await total(request);
  let ours = await total(request, `&q=${encodeURIComponent(PREFIX)}`);
  while (count < TARGET || ours < 12) {
    ours += 1;
    const name = `${PREFIX} ${String(ours).padStart(3, '0')}`;
    const res = await request.post('/api/tenants', { data: { name, owner: 'paging@example.com' } });
    expect(res.status(), await res.text()).toBe(201);
    count += 1;
  }
}

test.describe('tenant paging', () => {
  test('reaches the oldest tenant by paging, and a reload keeps page, sort and search', async ({
    page,
    request,
  }) => {
    test.slow();
    await fillTenants(request);
    expect(await total(request)).toBeGreaterThanOrEqual(TARGET);
    const oldest = (
      (await (await request.get('/api/tenants?sort=createdAt&limit=1')).json()) as Tenant[]
    )[0]!;

    // Newest first by default: the oldest tenant is the last card of the last page.
    await page.goto('/tenants');
    await expect(page.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(page).toHaveURL(/[?&]page=\d+/);
    await expect(page.getByTestId('tenant-card').last()).toHaveAttribute('aria-label', oldest.name);

    // Oldest first: it opens the first page.
    await choose(page, page.getByRole('combobox', { name: 'Sort by' }), 'Oldest first');
    await expect(page).toHaveURL(/sort=createdAt/);
    await expect(page.getByTestId('tenant-card').first()).toHaveAttribute('aria-label', oldest.name);

    // Search ours, oldest first, 10 a page, page 2: "E2E Paging 011" opens it.
    await page.getByRole('searchbox', { name: 'Search tenants' }).fill(PREFIX);
    await expect(page).toHaveURL(/q=E2E\+Paging/);
    await choose(page, page.getByRole('combobox', { name: 'Rows per page' }), '10 per page');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('tenant-card').first()).toHaveAttribute('aria-label', `${PREFIX} 011`);
    const url = page.url();

    await page.reload();
    expect(page.url()).toBe(url);
    await expect(page.getByRole('searchbox', { name: 'Search tenants' })).toHaveValue(PREFIX);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Oldest first');
    await expect(page.getByText(/^Showing 11–20 of \d+$/)).toBeVisible();
    await expect(tenantCard(page, `${PREFIX} 011`)).toBeVisible();

    // Back goes to the previous page of the same view.
    await page.goBack();
    await expect(page.getByText(/^Showing 1–10 of \d+$/)).toBeVisible();
    await expect(tenantCard(page, `${PREFIX} 001`)).toBeVisible();
  });
});
