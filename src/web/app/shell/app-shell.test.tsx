import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppShell } from '@/app/shell/app-shell';
import { renderWithProviders } from '@/test/render';

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

function renderShell(path: string) {
  return renderWithProviders(<AppShell />, {
    path,
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
});
