import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';
import { WebAppList } from '@/web-apps/components/web-app-list';
import { makeWebApp, requestsTo, stubApi } from '@/web-apps/test/fixtures';

const apps = Array.from({ length: 25 }, (_, i) => makeWebApp({ id: `app-${i}`, name: `App ${i}` }));

function renderList(path: string) {
  const fetchMock = stubApi({
    'GET /api/web-apps': () => Response.json(apps, { headers: { 'X-Total-Count': '117' } }),
    'GET /api/tenants/options': optionsHandler([{ id: 'tenant-007', name: 'Initech' }]),
  });
  const utils = renderWithProviders(<WebAppList />, {
    path,
    queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
  });
  return { ...utils, lastUrl: () => requestsTo(fetchMock, 'GET', '/api/web-apps').at(-1)?.url };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Web Apps paging, sorting, filters and URL state', { timeout: 20_000 }, () => {
  it('restores every filter, sort and page from the URL', async () => {
    const { lastUrl } = renderList(
      '/apps?status=running&tenantId=tenant-007&environment=uat&technology=single-spa&sort=name&page=2',
    );
    expect(await screen.findByText('Showing 26–50 of 117')).toBeInTheDocument();
    expect(lastUrl()).toBe(
      '/api/web-apps?status=running&tenantId=tenant-007&environment=uat&technology=single-spa&sort=name&limit=25&offset=25',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Tenant filter' })).toHaveTextContent('Initech'),
    );
  });

  it('changes the page size and starts again at page 1', async () => {
    const { router, lastUrl } = renderList('/apps?page=3');
    await screen.findByText('Showing 51–75 of 117');
    await userEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(await screen.findByRole('option', { name: '100 per page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?size=100'));
    await waitFor(() => expect(lastUrl()).toBe('/api/web-apps?sort=-createdAt&limit=100&offset=0'));
  });
});
