import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TenantsPage } from '@/tenants/components/tenants-page';
import { makeTenant, requestsTo, stubApi } from '@/tenants/list/test/fixtures';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const TOTAL = 117;
/** Answers the page asked for out of TOTAL tenants named "Tenant 001".."Tenant 117". */
function pageOf({ url }: { url: string }) {
  const search = new URL(url, 'http://x').searchParams;
  const limit = Number(search.get('limit') ?? 25);
  const offset = Number(search.get('offset') ?? 0);
  const count = Math.max(0, Math.min(limit, TOTAL - offset));
  const rows = Array.from({ length: count }, (_, i) => {
    const n = String(offset + i + 1).padStart(3, '0');
    return makeTenant({ id: `tenant-${n}`, name: `Tenant ${n}` });
  });
  return Response.json(rows, { headers: { 'X-Total-Count': String(TOTAL) } });
}

function renderPage(path = '/tenants') {
  const fetchMock = stubApi({ 'GET /api/tenants': pageOf });
  const utils = renderWithProviders(<TenantsPage />, {
    path,
    queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
  });
  const lastUrl = () => requestsTo(fetchMock, 'GET', '/api/tenants').at(-1)?.url;
  return { ...utils, fetchMock, lastUrl };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TenantsPage paging, sorting and URL state', { timeout: 20_000 }, () => {
  it('pages on the server and keeps the page in the URL', async () => {
    const { router, lastUrl } = renderPage();
    expect(await screen.findByText('Showing 1–25 of 117')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–50 of 117')).toBeInTheDocument();
    expect(lastUrl()).toBe('/api/tenants?sort=-createdAt&limit=25&offset=25');
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Showing 101–117 of 117')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Tenant 117' })).toBeInTheDocument();
  });

  it('restores search, filter, sort, page and size from a shared link', async () => {
    const { lastUrl } = renderPage('/tenants?q=acme&status=inactive&sort=createdAt&page=2&size=10');
    expect(await screen.findByText('Showing 11–20 of 117')).toBeInTheDocument();
    expect(lastUrl()).toBe('/api/tenants?status=inactive&q=acme&sort=createdAt&limit=10&offset=10');
    expect(screen.getByRole('searchbox', { name: 'Search tenants' })).toHaveValue('acme');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Oldest first');
    expect(screen.getByRole('combobox', { name: 'Status filter' })).toHaveTextContent('Inactive');
  });

  it('sorts on the server and goes back to page 1', async () => {
    const { router, lastUrl } = renderPage('/tenants?page=3');
    await screen.findByText('Showing 51–75 of 117');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Name (A–Z)' }));
    await waitFor(() => expect(lastUrl()).toBe('/api/tenants?sort=name&limit=25&offset=0'));
    expect(router.state.location.search).toBe('?sort=name');
  });

  it('searches debounced and resets the page, replacing the history entry', async () => {
    const { router, lastUrl } = renderPage('/tenants?page=2');
    await screen.findByText('Showing 26–50 of 117');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tenants' }), 'glob');
    await waitFor(() => expect(router.state.location.search).toBe('?q=glob'));
    await waitFor(() => expect(lastUrl()).toBe('/api/tenants?q=glob&sort=-createdAt&limit=25&offset=0'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
