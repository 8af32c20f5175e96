import type { APIRequestContext, Page } from '@playwright/test';
import type { Tenant } from '../../src/contract/tenants';
import { expect } from '../fixtures';

export const TENANT_ID = 'tenant-001';
export const CONTROL_PLANE = `/tenant/${TENANT_ID}/control-plane`;

export async function getTenant(request: APIRequestContext): Promise<Tenant> {
  const res = await request.get(`/api/tenants/${TENANT_ID}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Tenant;
}

/** Puts tenant-001 in a known state (the specs share one database). */
export async function patchTenant(
  request: APIRequestContext,
  patch: Partial<Tenant> & { confirmWidening?: boolean },
): Promise<Tenant> {
  const res = await request.patch(`/api/tenants/${TENANT_ID}`, { data: patch });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Tenant;
}

/** Registers a capability (administrators only) and answers its id. */
export async function registerCapability(
  request: APIRequestContext,
  name: string,
  fields: { configurationSchema?: string } = {},
): Promise<string> {
  const res = await request.post('/api/capabilities', { data: { name, ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The toast currently shown (only one is visible at a time). */
export const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ });

export async function openConfigurationTab(page: Page): Promise<void> {
  await page.goto(CONTROL_PLANE);
  await page.getByRole('tab', { name: 'Configuration' }).click();
}

/** A card of the Configuration tab by its title. */
export const configCard = (page: Page, title: string) =>
  page.locator('[data-slot=card]').filter({ has: page.getByText(title, { exact: true }) });
