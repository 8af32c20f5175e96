import type { APIRequestContext, Page } from '@playwright/test';
import type { User, UserProfile } from '../../src/contract/users';
import { expect } from '../fixtures';

export type Credentials = { email: string; password: string };

/** Fills the sign-in form of the page (already on /login) and submits it. */
export async function signInThroughForm(page: Page, { email, password }: Credentials): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Platform Console' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const pageHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

export type DemoMember = { user: User; tenantIds: string[]; owns: boolean };

/**
 * Active non-administrators of the demo data with at least one tenant profile, read as an administrator
 * (GET /api/users and /api/user-profiles), fewest tenants first.
 */
export async function demoMembers(admin: APIRequestContext): Promise<DemoMember[]> {
  const usersRes = await admin.get('/api/users');
  expect(usersRes.ok()).toBe(true);
  const profilesRes = await admin.get('/api/user-profiles');
  expect(profilesRes.ok()).toBe(true);
  const users = (await usersRes.json()) as User[];
  const profiles = (await profilesRes.json()) as UserProfile[];

  return users
    .filter((user) => user.globalRole !== 'admin' && user.status === 'active')
    .map((user) => {
      const own = profiles.filter((profile) => profile.userId === user.id);
      return {
        user,
        tenantIds: [...new Set(own.map((profile) => profile.tenantId))].sort(),
        owns: own.some((profile) => profile.role === 'owner'),
      };
    })
    .filter((member) => member.tenantIds.length > 0)
    .sort((a, b) => a.tenantIds.length - b.tenantIds.length);
}

/** Gives a demo user a password (POST /api/users/{id}/password, administrators only). */
export async function setPassword(admin: APIRequestContext, userId: string, password: string): Promise<void> {
  const res = await admin.post(`/api/users/${encodeURIComponent(userId)}/password`, { data: { password } });
  expect(res.status(), await res.text()).toBe(204);
}
