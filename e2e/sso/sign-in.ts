import type { APIRequestContext, Page } from '@playwright/test';
import type { SsoRule, SsoSettings } from '../../src/contract/sso';
import { expect } from '../fixtures';
import { SSO_DISPLAY_NAME } from './test-provider';

/*
 * Signing in through the e2e OpenID provider (scripts/oidc-test-provider.ts), shared by the SSO spec and
 * the specs that need a person no other spec ties to the e2e administrator (an account SSO made).
 */

/** Replaces the SSO settings as the administrator (If-Match of the revision read just before). */
export async function putSsoSettings(admin: APIRequestContext, jitProvisioning: boolean, rules: SsoRule[]) {
  const current = await admin.get('/api/settings/sso');
  expect(current.status(), await current.text()).toBe(200);
  const { revision } = (await current.json()) as SsoSettings;
  const res = await admin.put('/api/settings/sso', {
    data: { claim: 'groups', jitProvisioning, rules },
    headers: { 'If-Match': `"${revision}"` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in on the test provider's page as `account`, from the console's sign-in page. */
export async function signInWithProvider(page: Page, account: { name: string; email: string }) {
  await page.getByRole('link', { name: `Sign in with ${SSO_DISPLAY_NAME}` }).click();
  await expect(page.getByRole('heading', { name: 'Sign in as' })).toBeVisible();
  await page.getByRole('link', { name: `${account.name} (${account.email})` }).click();
}
