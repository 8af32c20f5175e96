import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangesPage } from '@/changes/components/changes-page';
import { changeRequest } from '@/changes/test/fixtures';
import { apiError, requestsTo, stubApi } from '@/test/api-stub';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';
import { TenantCombobox } from '@/tenants';

const tenants = [{ id: 'tenant-1', name: 'Acme Corp' }];

function stub(list: Response | ((url: string) => Response)) {
  return stubApi({
    'GET /api/tenants/options': optionsHandler(tenants),
    'GET /api/change-requests': ({ url }) => (list instanceof Response ? list.clone() : list(url)),
  });
}

const page = (rows: ReturnType<typeof changeRequest>[], total = rows.length) =>
  Response.json(rows, { headers: { 'X-Total-Count': String(total) } });

/** The query strings of every list request so far. */
const listQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  requestsTo(fetchMock, 'GET', '/api/change-requests').map(
    ({ url }) => new URLSearchParams(url.slice(url.indexOf('?') + 1)),
  );

function renderPage(path = '/changes') {
  return renderWithProviders(<ChangesPage tenantPicker={TenantCombobox} />, {
    path,
    queryClient: queryClientWithMe(makeMe({ memberships: [{ tenantId: 'tenant-1', role: 'owner' }] })),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChangesPage', () => {
  it('lists the requests waiting for me by default, each row linking to its review page', async () => {
    const fetchMock = stub(
      page([
        changeRequest({ approvals: 0, requiredApprovals: 2 }),
        changeRequest({
          id: 'cr-2',
          number: 8,
          tenantId: null,
          tenantName: null,
          kind: 'capability_deployment.switch',
          status: 'scheduled',
          scheduledAt: '2026-12-01T08:00:00.000Z',
          scheduleTimeZone: 'Asia/Tokyo',
        }),
      ]),
    );
    renderPage();

    expect(screen.getByRole('heading', { name: 'Changes', level: 1 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('change-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Change request #7' })).toHaveAttribute('href', '/changes/cr-1');
    expect(first.getByText('Acme Corp')).toBeInTheDocument();
    expect(first.getByText('Prod')).toBeInTheDocument();
    expect(first.getByText('New configuration version')).toBeInTheDocument();
    expect(first.getByText('dev@example.com')).toBeInTheDocument();
    expect(first.getByTestId('change-status')).toHaveTextContent('Awaiting approval 0/2');
    const second = within(rows[1]!);
    expect(second.getByText('Platform')).toBeInTheDocument();
    expect(second.getByText('Capability slot switch')).toBeInTheDocument();
    expect(second.getByTestId('change-status')).toHaveTextContent('Scheduled');
    // In its own zone (Tokyo is UTC+9), with the viewer's time beside it.
    expect(second.getByText(/5:00\s?PM|17:00/)).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Waiting for me', pressed: true })).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]!.toString()).toBe('sort=-createdAt&limit=25&offset=0&view=waiting');
  });

  it('keeps the segment, filters and sort in the URL and sends them', async () => {
    const fetchMock = stub(page([changeRequest()], 40));
    const { router } = renderPage('/changes?tab=recent&environment=production&kind=configuration.create');
    await screen.findAllByTestId('change-row');
    const first = listQueries(fetchMock)[0]!;
    expect(first.get('state')).toBe('closed');
    expect(first.has('view')).toBe(false);
    expect(first.get('environment')).toBe('production');
    expect(first.get('kind')).toBe('configuration.create');
    expect(screen.getByRole('button', { name: 'Recent', pressed: true })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('view')).toBe('mine'));
    expect(listQueries(fetchMock).at(-1)?.has('state')).toBe(false);
    expect(router.state.location.search).toBe('?tab=mine&environment=production&kind=configuration.create');

    await userEvent.click(screen.getByRole('combobox', { name: 'Tenant filter' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Corp' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('tenantId')).toBe('tenant-1'));

    await userEvent.click(screen.getByRole('button', { name: 'Updated' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('sort')).toBe('updatedAt'));
    expect(router.state.location.search).toContain('sort=updatedAt');
    expect(screen.getByRole('columnheader', { name: 'Updated' })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search change requests' }), 'payments');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('q')).toBe('payments'));

    // Back to the default segment: no tab in the URL.
    await userEvent.click(screen.getByRole('button', { name: 'Waiting for me' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get('view')).toBe('waiting'));
    expect(router.state.location.search).not.toContain('tab=');
  });

  it('explains an empty segment', async () => {
    stub(page([]));
    renderPage();
    expect(await screen.findByText('No change requests')).toBeInTheDocument();
    expect(screen.getByText(/Nothing waits for your approval/)).toBeInTheDocument();
    expect(screen.queryByTestId('changes-table')).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters', async () => {
    stub(page([]));
    renderPage('/changes?tab=all&environment=uat');
    expect(await screen.findByText('No change requests')).toBeInTheDocument();
    expect(screen.getByText('No change request matches this search and these filters.')).toBeInTheDocument();
  });

  it('shows a skeleton, then an error with a retry', async () => {
    let calls = 0;
    const fetchMock = stub(() =>
      calls++ === 0 ? apiError(503, 'Database unavailable') : page([changeRequest()]),
    );
    renderPage();
    expect(screen.getByTestId('changes-skeleton')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the change requests');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('change-row')).toHaveLength(1);
    expect(listQueries(fetchMock)).toHaveLength(2);
  });
});
