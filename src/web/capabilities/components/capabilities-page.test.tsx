import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapabilitiesPage } from '@/capabilities/components/capabilities-page';
import { apiError, makeCapability, never, requestsTo, stubApi } from '@/capabilities/test/fixtures';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const capabilities = [
  makeCapability(),
  makeCapability({
    id: 'api-008',
    name: 'Legacy Reporting API',
    status: 'deprecated',
    category: 'Analytics',
    version: '1.12.4',
  }),
];

function renderPage(globalRole = 'admin', path = '/apis') {
  return renderWithProviders(<></>, {
    path,
    queryClient: queryClientWithMe(makeMe({ globalRole })),
    routes: [
      {
        path: '/apis',
        element: (
          <>
            <CapabilitiesPage />
            <Toaster />
          </>
        ),
      },
      { path: '/capability/:capabilityId/configuration', element: <p>Configuration screen</p> },
    ],
  });
}

/** A request's query as an object, so assertions do not depend on parameter order. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CapabilitiesPage', { timeout: 15_000 }, () => {
  it('shows the heading and the table with the columns Name, Category, Version, Status, Endpoint', async () => {
    stubApi({ 'GET /api/capabilities': capabilities });
    renderPage();

    expect(screen.getByRole('heading', { name: 'Capabilities', level: 1 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('capability-row');
    expect(rows).toHaveLength(2);
    const headers = within(screen.getByTestId('capabilities-table')).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Name',
      'Category',
      'Version',
      'Status',
      'Endpoint',
      'Actions',
    ]);
    const first = within(rows[0]!);
    expect(first.getByText('Identity & Access Service')).toBeInTheDocument();
    expect(first.getByText('Security')).toBeInTheDocument();
    expect(first.getByText('3.2.1')).toBeInTheDocument();
    expect(first.getByTestId('status-badge')).toHaveTextContent('Available');
    expect(first.getByText('https://api.example.com/identity/v3')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('status-badge')).toHaveTextContent('Deprecated');
  });

  it("shows 'Loading capabilities...' while loading", () => {
    stubApi({ 'GET /api/capabilities': never });
    renderPage();
    expect(screen.getByText('Loading capabilities...')).toBeInTheDocument();
  });

  it("says 'No capabilities available' when there are none at all", async () => {
    stubApi({ 'GET /api/capabilities': [] });
    renderPage();
    expect(await screen.findByText('No capabilities available')).toBeInTheDocument();
    expect(screen.queryByText('No capabilities found')).not.toBeInTheDocument();
  });

  it("searches on the server (debounced ?q=) and says 'No capabilities found' when none match", async () => {
    const fetchMock = stubApi({
      'GET /api/capabilities': ({ url }) => Response.json(url.includes('q=') ? [] : capabilities),
    });
    const { router } = renderPage();
    await screen.findAllByTestId('capability-row');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search capabilities' }), 'zzz');
    expect(await screen.findByText('No capabilities found')).toBeInTheDocument();
    const searches = requestsTo(fetchMock, 'GET', '/api/capabilities').map((r) => queryOf(r.url));
    // One request for the settled text, not one per keystroke.
    expect(searches).toEqual([
      { sort: 'name', limit: '25', offset: '0' },
      { q: 'zzz', sort: 'name', limit: '25', offset: '0' },
    ]);
    expect(router.state.location.search).toBe('?q=zzz');
  });

  it('filters by status with ?status=', async () => {
    const fetchMock = stubApi({
      'GET /api/capabilities': ({ url }) =>
        Response.json(url.includes('status=deprecated') ? [capabilities[1]] : capabilities),
    });
    const { router } = renderPage();
    await screen.findAllByTestId('capability-row');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status filter' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Deprecated' }));
    await waitFor(() => expect(screen.getAllByTestId('capability-row')).toHaveLength(1));
    expect(queryOf(requestsTo(fetchMock, 'GET', '/api/capabilities').at(-1)!.url)).toEqual({
      status: 'deprecated',
      sort: 'name',
      limit: '25',
      offset: '0',
    });
    expect(router.state.location.search).toBe('?status=deprecated');
  });

  it('restores search, filters, sort and page from the address (reload, shared link)', async () => {
    const fetchMock = stubApi({
      'GET /api/capabilities': () => Response.json([capabilities[1]], { headers: { 'X-Total-Count': '31' } }),
    });
    renderPage('admin', '/apis?q=report&status=deprecated&category=Analytics&sort=-version&page=2&size=10');
    await screen.findAllByTestId('capability-row');
    expect(queryOf(requestsTo(fetchMock, 'GET', '/api/capabilities')[0]!.url)).toEqual({
      status: 'deprecated',
      category: 'Analytics',
      q: 'report',
      sort: '-version',
      limit: '10',
      offset: '10',
    });
    expect(screen.getByRole('searchbox', { name: 'Search capabilities' })).toHaveValue('report');
    expect(screen.getByRole('columnheader', { name: /Version/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
  });

  it('sorts on a column header and pages on the server', async () => {
    const fetchMock = stubApi({
      'GET /api/capabilities': () => Response.json(capabilities, { headers: { 'X-Total-Count': '60' } }),
    });
    const { router } = renderPage();
    await screen.findAllByTestId('capability-row');

    await userEvent.click(within(screen.getByRole('columnheader', { name: /Status/ })).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=status'));
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Status/ })).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-status'));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-status&page=2'));
    await waitFor(() =>
      expect(queryOf(requestsTo(fetchMock, 'GET', '/api/capabilities').at(-1)!.url)).toEqual({
        sort: '-status',
        limit: '25',
        offset: '25',
      }),
    );
    // Back returns to the previous page of the list.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-status'));
  });

  it('Configure opens /capability/{id}/configuration', async () => {
    stubApi({ 'GET /api/capabilities': capabilities });
    const { router } = renderPage();
    const rows = await screen.findAllByTestId('capability-row');

    await userEvent.click(within(rows[1]!).getByRole('link', { name: /^Configure / }));
    expect(await screen.findByText('Configuration screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/capability/api-008/configuration');
  });

  it('shows Register Capability and the row menu (Edit, Delete) to administrators only', async () => {
    stubApi({ 'GET /api/capabilities': capabilities });
    renderPage('admin');
    await screen.findAllByTestId('capability-row');
    expect(screen.getByRole('button', { name: 'Register Capability' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Legacy Reporting API' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Delete']);
  });

  it('hides Register, Edit and Delete from other users, keeping Configure', async () => {
    stubApi({ 'GET /api/capabilities': capabilities });
    renderPage('user');
    const rows = await screen.findAllByTestId('capability-row');
    expect(screen.queryByRole('button', { name: 'Register Capability' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: /^Configure / })).toBeInTheDocument();
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    stubApi({
      'GET /api/capabilities': () =>
        fail ? apiError(503, 'Database unavailable') : Response.json(capabilities),
    });
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('capability-row')).toHaveLength(2);
  });

  it('deletes after a confirmation naming the capability', async () => {
    let rows = capabilities;
    const fetchMock = stubApi({
      'GET /api/capabilities': () => Response.json(rows),
      'DELETE /api/capabilities/api-008': () => {
        rows = [capabilities[0]!];
        return new Response(null, { status: 204 });
      },
    });
    renderPage();
    await screen.findAllByTestId('capability-row');

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Legacy Reporting API' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('"Legacy Reporting API" (api-008) will be removed from the catalogue.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Capability deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('capability-row')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'DELETE', '/api/capabilities/api-008')).toHaveLength(1);
  });

  it("shows the server's 409 message in a destructive 'Error' toast", async () => {
    stubApi({
      'GET /api/capabilities': capabilities,
      'DELETE /api/capabilities/api-001': apiError(409, 'Capability is subscribed by 2 tenants'),
    });
    renderPage();
    await screen.findAllByTestId('capability-row');

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Identity & Access Service' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Capability is subscribed by 2 tenants')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getAllByTestId('capability-row')).toHaveLength(2);
  });
});
