import type { APIRequestContext, Page } from '@playwright/test';
import type { Tenant } from '../../src/contract/tenants';
import type { User } from '../../src/contract/users';
import { expect } from '../fixtures';

/** A unique, lower-case email per call, so reruns and parallel specs never collide. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Adds a user through the API, as an administrator. */
export async function createUser(
  admin: APIRequestContext,
  data: { name: string; email: string; password?: string },
): Promise<User> {
  const res = await admin.post('/api/users', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as User;
}

export async function firstTenant(admin: APIRequestContext): Promise<Tenant> {
  const res = await admin.get('/api/tenants');
  expect(res.ok()).toBe(true);
  const [tenant] = (await res.json()) as Tenant[];
  expect(tenant, 'a demo tenant').toBeDefined();
  return tenant!;
}

/** Opens /users searched down to one email and answers that user's card. */
export async function openUserCard(page: Page, email: string, name: string) {
  await page.goto('/users');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('User Management');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  return card;
}
