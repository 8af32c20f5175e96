import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '@/app/shell/app-shell';
import { DEFAULT_SETTINGS, type Settings } from '@contract/settings';
import { MaintenanceBanner } from '@/settings/components/maintenance-banner';
import { stubApi, TEST_TIMEOUT } from '@/settings/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const settings = (maintenanceMode: boolean): Settings => ({
  ...DEFAULT_SETTINGS,
  maintenanceMode,
  revision: 1,
  updatedAt: null,
  updatedBy: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MaintenanceBanner', { timeout: TEST_TIMEOUT }, () => {
  it('says that changes by non-administrators are paused while maintenance mode is on', async () => {
    stubApi({ 'GET /api/settings': settings(true) });
    renderWithProviders(<MaintenanceBanner />, { queryClient: queryClientWithMe(makeMe()) });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Maintenance mode is on.');
    expect(banner).toHaveTextContent('Changes by non-administrators are paused');
  });

  it('shows nothing while maintenance mode is off', async () => {
    const fetchMock = stubApi({ 'GET /api/settings': settings(false) });
    renderWithProviders(<MaintenanceBanner />, { queryClient: queryClientWithMe(makeMe()) });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('maintenance-banner')).not.toBeInTheDocument();
  });

  it('sits at the top of the app content, above the page', async () => {
    stubApi({ 'GET /api/settings': settings(true) });
    renderWithProviders(<AppShell />, {
      path: '/tenants',
      queryClient: queryClientWithMe(makeMe()),
      routes: [{ path: '/', Component: AppShell, children: [{ path: '*', element: <p>page</p> }] }],
    });
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner).toHaveAttribute('role', 'status');
    // First in the content area, the page right after it.
    expect(banner.parentElement?.firstElementChild).toBe(banner);
    expect(await screen.findByText('page')).toBe(banner.nextElementSibling);
  });
});
