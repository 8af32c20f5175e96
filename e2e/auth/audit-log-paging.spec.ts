import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';

/*
 * The audit log pages by cursor (docs/lists.md, "Keyset paging"): next and previous carry the reply's
 * cursor in the URL beside the page number, and show the same rows as the page read by number.
 */

const SIZE = 10;

/** Audit events, each tenant created adding one, until there are at least three pages of SIZE. */
async function enoughEvents(request: APIRequestContext): Promise<void> {
  const totalOf = async () =>
    Number((await request.get('/api/audit-events?limit=1')).headers()['x-total-count']);
  for (let total = await totalOf(), n = 1; total < SIZE * 3; total += 1, n += 1) {
    const res = await request.post('/api/tenants', {
      data: { name: `E2E Audit Paging ${Date.now()}-${n}`, owner: 'audit-paging@example.com' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('the audit log goes to the next page and back by cursor', async ({ page, request }) => {
  await enoughEvents(request);
  await page.goto(`/audit-log?size=${SIZE}`);
  const range = page.getByTestId('list-range');
  await expect(range).toHaveText(/^Showing 1–10 of \d+$/);
  const rows = page.getByTestId('audit-row');
  // The rows' tenant cells show ids until the names load (the table is busy meanwhile): read them after.
  const table = page.getByTestId('audit-table');
  const settledRows = async () => {
    await expect(table).not.toHaveAttribute('aria-busy');
    return rows.allTextContents();
  };
  const firstPage = await settledRows();

  const nextRead = page.waitForRequest(
    (r) => r.url().includes('/api/audit-events?') && r.url().includes('cursor='),
  );
  await page.getByRole('button', { name: 'Next page' }).click();
  await nextRead;
  await expect(page).toHaveURL(/[?&]page=2&cursor=[\w-]+/);
  await expect(range).toHaveText(/^Showing 11–20 of \d+$/);
  // A reload reads the same page through the cursor kept in the URL.
  const secondPage = await settledRows();
  await page.reload();
  await expect(range).toHaveText(/^Showing 11–20 of \d+$/);
  await expect.poll(settledRows).toEqual(secondPage);

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(range).toHaveText(/^Showing 1–10 of \d+$/);
  await expect(page).not.toHaveURL(/cursor=/);
  await expect.poll(settledRows).toEqual(firstPage);
});
