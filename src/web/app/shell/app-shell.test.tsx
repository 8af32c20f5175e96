import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { AppShell } from '@/app/shell/app-shell';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import type { Me } from '@contract/auth';

const entries = [
  'Overview',
  'Tenants',
  'User Management',
  'Capabilities',
  'Web Apps',
  'Web App Builder',
  'Deployments',
  'Settings',
];

function renderShell(path: string, me: Me = makeMe({ globalRole: 'admin' })) {
  return renderWithProviders(<AppShell />, {
    path,
    queryClient: queryClientWithMe(me),
    routes: [{ path: '/', Component: AppShell, children: [{ path: '*', element: <p>page</p> }] }],
  });
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = 'dark';
  document.cookie = 'sidebar_state=; max-age=0; path=/';
});

afterEach(() => {
  document.documentElement.className = '';
  vi.unstubAllGlobals();
});

describe('AppShell', () => {
  it('lists the sidebar entries in order under the product heading and subtitle', () => {
    renderShell('/');
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByText('Resource Manager')).toBeInTheDocument();
    const nav = within(sidebar).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(entries);
  });

  it.each([
    ['/', 'Overview'],
    ['/tenants', 'Tenants'],
    ['/tenant/abc/control-plane', 'Tenants'],
    ['/capability/api-007/configuration', 'Capabilities'],
    ['/apps/create-mesh', 'Web Apps'],
    ['/web-app-builder', 'Web App Builder'],
  ])('highlights the entry for %s', (path, entry) => {
    renderShell(path);
    const current = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([entry]);
    expect(current[0]).toHaveAttribute('data-active', 'true');
  });

  it('toggles the sidebar with the trigger and with Ctrl+B, remembering the state in a cookie', async () => {
    renderShell('/');
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await userEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar', expanded: true }));
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar_state=false');

    await userEvent.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await userEvent.keyboard('{Meta>}b{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  });

  it('switches between dark (default) and light and stores the choice', async () => {
    renderShell('/');
    const toggle = screen.getByRole('button', { name: 'Toggle theme' });
    expect(toggle).toHaveAttribute('data-theme', 'dark');

    await userEvent.click(toggle);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');

    await userEvent.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('offers the Audit Log after the spec entries, in its own group, to administrators', () => {
    renderShell('/audit-log');
    const sidebar = screen.getByTestId('sidebar');
    const admin = within(sidebar).getByRole('navigation', { name: 'Administration' });
    const link = within(admin).getByRole('link', { name: 'Audit Log' });
    expect(link).toHaveAttribute('href', '/audit-log');
    expect(link).toHaveAttribute('aria-current', 'page');
    // The spec's list is unchanged, and the Audit Log comes after Settings.
    const links = within(sidebar)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links.indexOf('Audit Log')).toBeGreaterThan(links.indexOf('Settings'));
    expect(
      within(within(sidebar).getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(entries);
  });

  it('offers Microfrontends to every signed-in user, in its own group after the spec entries', () => {
    renderShell('/microfrontends', makeMe());
    const sidebar = screen.getByTestId('sidebar');
    const registry = within(sidebar).getByRole('navigation', { name: 'Registry' });
    const link = within(registry).getByRole('link', { name: 'Microfrontends' });
    expect(link).toHaveAttribute('href', '/microfrontends');
    expect(link).toHaveAttribute('aria-current', 'page');
    const links = within(sidebar)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links.indexOf('Microfrontends')).toBeGreaterThan(links.indexOf('Settings'));
    expect(
      within(within(sidebar).getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(entries);
  });

  it('offers the Audit Log to tenant owners but not to other users', () => {
    const { unmount } = renderShell('/', makeMe({ memberships: [{ tenantId: 't1', role: 'owner' }] }));
    expect(screen.getByRole('link', { name: 'Audit Log' })).toBeInTheDocument();
    unmount();

    renderShell('/', makeMe({ memberships: [{ tenantId: 't1', role: 'admin' }] }));
    expect(screen.queryByRole('link', { name: 'Audit Log' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('shows the account menu beside the theme toggle', async () => {
    renderShell('/', makeMe({ name: 'Bob Stone' }));
    // The menu's code loads lazily, after the shell.
    const account = await screen.findByRole('button', { name: 'Account menu' }, { timeout: 5000 });
    expect(account).toHaveTextContent('BS');
    expect(account.parentElement).toContainElement(screen.getByRole('button', { name: 'Toggle theme' }));
  });

  it('offers Changes to every signed-in user after the spec entries, with the count waiting for them', async () => {
    stubApi({ 'GET /api/change-requests/summary': { waitingForMe: 2 } });
    renderShell('/changes/cr-1', makeMe());
    const sidebar = screen.getByTestId('sidebar');
    const review = within(sidebar).getByRole('navigation', { name: 'Review' });
    const link = await within(review).findByRole('link', { name: 'Changes, 2 waiting for your approval' });
    expect(link).toHaveAttribute('href', '/changes');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(within(link).getByTestId('changes-badge')).toHaveTextContent('2');
    const links = within(sidebar)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links.findIndex((text) => text?.startsWith('Changes'))).toBeGreaterThan(links.indexOf('Settings'));
    expect(
      within(within(sidebar).getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(entries);
  });

  it('hides the Changes badge when nothing waits', async () => {
    const fetchMock = stubApi({ 'GET /api/change-requests/summary': { waitingForMe: 0 } });
    renderShell('/', makeMe());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const link = screen.getByRole('link', { name: 'Changes' });
    expect(within(link).queryByTestId('changes-badge')).not.toBeInTheDocument();
  });
});
