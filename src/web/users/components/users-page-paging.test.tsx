import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';
import { UsersPage } from '@/users/components/users-page';
import { makeTenant, makeUser, requestsTo, stubApi, TEST_TIMEOUT } from '@/users/test/fixtures';

const users = Array.from({ length: 10 }, (_, i) =>
  makeUser({ id: `user-${i + 11}`, name: `User ${i + 11}`, email: `u${i + 11}@example.com` }),
);

function renderPage(path: string) {
  const fetchMock = stubApi({
    'GET /api/users': () => Response.json(users, { headers: { 'X-Total-Count': '42' } }),
    'GET /api/user-profiles': [],
    'GET /api/tenants/options': optionsHandler([makeTenant({ id: 'tenant-009', name: 'Umbrella' })]),
  });
  const utils = renderWithProviders(<UsersPage />, {
    path,
    queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
  });
  return { ...utils, lastUrl: () => requestsTo(fetchMock, 'GET', '/api/users').at(-1)?.url };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UsersPage paging, filters and URL state', { timeout: TEST_TIMEOUT }, () => {
  it('restores filters, sort, page and size from the URL and labels the tenant filter', async () => {
    const { lastUrl } = renderPage(
      '/users?globalRole=admin&tenantId=tenant-009&sort=-createdAt&page=2&size=10',
    );
    expect(await screen.findByText('Showing 11–20 of 42')).toBeInTheDocument();
    expect(lastUrl()).toBe(
      '/api/users?globalRole=admin&tenantId=tenant-009&sort=-createdAt&limit=10&offset=10',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Tenant filter' })).toHaveTextContent('Umbrella'),
    );
  });

  it('filters by tenant through the server-searching picker and goes back to page 1', async () => {
    const { router, lastUrl } = renderPage('/users?page=3&size=10');
    await screen.findByText('Showing 21–30 of 42');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tenant filter' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Umbrella' }));
    await waitFor(() => expect(router.state.location.search).toBe('?size=10&tenantId=tenant-009'));
    await waitFor(() => expect(lastUrl()).toBe('/api/users?tenantId=tenant-009&sort=name&limit=10&offset=0'));
  });
});
