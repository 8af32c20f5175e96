import { expect, test } from '../fixtures';

test.describe('not found', () => {
  test('an unknown page shows the 404 page inside the shell', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    // The shell stays around it, with no entry highlighted.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByTestId('sidebar').locator('[aria-current="page"]')).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to Overview' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Overview');
  });

  test('an unknown API path answers a JSON 404', async ({ request }) => {
    const response = await request.get('/api/no/such/thing');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body: unknown = await response.json();
    expect(body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
  });
});
