import type { Page } from '@playwright/test';

/** docs/product.md, Screens and routes (Shell): the sidebar entries in order, their routes and the heading each page shows. */
export const sidebarEntries = [
  { name: 'Overview', path: '/', heading: 'Overview' },
  { name: 'Tenants', path: '/tenants', heading: 'Tenant Management' },
  { name: 'User Management', path: '/users', heading: 'User Management' },
  { name: 'Capabilities', path: '/apis', heading: 'Capabilities' },
  { name: 'Web Apps', path: '/apps', heading: 'Web Applications' },
  { name: 'Web App Builder', path: '/web-app-builder', heading: 'Web App Builder' },
  { name: 'Deployments', path: '/deployments', heading: 'Blue-Green Deployments' },
  { name: 'Settings', path: '/settings', heading: 'Settings' },
] as const;

export const sidebar = (page: Page) => page.getByTestId('sidebar');
export const mainNav = (page: Page) => sidebar(page).getByRole('navigation', { name: 'Main' });
/** The header's trigger (the header is the banner landmark); the sidebar's rail shares the name 'Toggle Sidebar'. */
export const sidebarToggle = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Toggle Sidebar' });
export const pageHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
