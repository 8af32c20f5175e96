import type { Page } from '@playwright/test';
import { requestConfigurationChange } from '../changes/helpers';
import { expect } from '../fixtures';

/**
 * Every screen of the router (src/web/app/router.tsx), with the demo data's ids for the pages that
 * take one, and each tab that shows different content. The accessibility and the narrow-screen specs
 * both walk this list, so a new route is checked by both once it is added here.
 */
export const appRoutes: readonly AppRoute[] = [
  { name: 'Overview', path: '/' },
  { name: 'Tenants', path: '/tenants' },
  { name: 'Control plane, Capabilities tab', path: '/tenant/tenant-001/control-plane' },
  { name: 'Control plane, Configuration tab', path: '/tenant/tenant-001/control-plane?tab=configuration' },
  {
    name: 'Control plane, Gateway & Policies tab',
    path: '/tenant/tenant-001/control-plane?tab=gateway&env=production',
  },
  { name: 'User Management', path: '/users' },
  { name: 'Capabilities', path: '/apis' },
  { name: 'Capability page', path: '/capability/api-001/configuration' },
  { name: 'Capability page with templates', path: '/capability/api-007/configuration' },
  { name: 'Web Apps', path: '/apps' },
  { name: 'Create Web App Mesh', path: '/apps/create-mesh' },
  { name: 'Mesh page', path: '/apps/meshes/mesh-001' },
  { name: 'Web App Builder', path: '/web-app-builder' },
  { name: 'Deployments, Microfrontends tab', path: '/deployments' },
  { name: 'Deployments, Capabilities tab', path: '/deployments?type=capabilities' },
  { name: 'Settings', path: '/settings' },
  { name: 'API access', path: '/api-access' },
  { name: 'Microfrontends', path: '/microfrontends' },
  { name: 'Audit Log', path: '/audit-log' },
  { name: 'Changes', path: '/changes' },
  { name: 'Changes, all', path: '/changes?tab=all' },
  {
    name: 'Change request review page',
    path: '/changes/:id',
    // The demo data has no change request: make one (the administrator's own, pending) each time.
    prepare: async (page) => {
      const created = await requestConfigurationChange(page.request, `Accessibility check ${Date.now()}`);
      return `/changes/${created.id}`;
    },
  },
  { name: 'Not found', path: '/no-such-page' },
];

/** A screen to check: its path, or the path `prepare` makes (data the demo does not hold). */
export type AppRoute = { name: string; path: string; prepare?: (page: Page) => Promise<string> };

/** Opens a route of appRoutes, preparing its data first when it needs any. */
export async function openAppRoute(page: Page, route: AppRoute): Promise<string> {
  const path = route.prepare ? await route.prepare(page) : route.path;
  await openRoute(page, path);
  return path;
}

/** Loads a route and waits until its data has arrived: a heading, nothing busy, no request in flight. */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Runs before any script of the page: the theme the app reads from localStorage (docs/product.md, Constants and limits). */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
}
