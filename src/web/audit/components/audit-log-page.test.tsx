import type { AuditEvent } from '@contract/audit';
import { AUDIT_RESOURCE_TYPES } from '@contract/resource-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditLogPage } from '@/audit/components/audit-log-page';
import { makeMe, queryClientWithMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { renderWithProviders } from '@/test/render';

const event = (id: string, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  actorId: 'user-1',
  actorEmail: 'admin@example.com',
  actorTokenId: null,
  actorTokenName: null,
  action: 'auth.login',
  resourceType: 'session',
  resourceId: 'user-1',
  tenantId: null,
  changes: null,
  ip: '127.0.0.1',
  createdAt: '2024-05-01T10:00:00.000Z',
  ...overrides,
});

const tenants = [{ id: 'tenant-1', name: 'Acme Corp' }];

/** Answers GET /api/tenants/options and GET /api/audit-events (`pages` in turn, the last one repeated). */
function stubApi(pages: Array<{ events: AuditEvent[]; total: number } | Response>) {
  let call = 0;
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/tenants/options')) return optionsHandler(tenants)({ url });
    const page = pages[Math.min(call++, pages.length - 1)]!;
    if (page instanceof Response) return page.clone();
    return Response.json(page.events, { headers: { 'X-Total-Count': String(page.total) } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query strings of every audit request so far. */
const auditQueries = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/audit-events?'))
    .map((url) => new URLSearchParams(url.slice(url.indexOf('?') + 1)));

function renderPage() {
  return renderWithProviders(<AuditLogPage />, {
    path: '/audit-log',
    queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AuditLogPage', () => {
  it('lists the events with time, actor, action, resource, tenant name, address and details', async () => {
    stubApi([
      {
        events: [
          event('e1', {
            action: 'tenant.update',
            resourceType: 'tenant',
            resourceId: 'tenant-1',
            tenantId: 'tenant-1',
            changes: '{"name":{"from":"Acme","to":"Acme Corp"}}',
          }),
          event('e2', { actorId: null, actorEmail: null, tenantId: 'tenant-gone', ip: null }),
          event('e3'),
        ],
        total: 3,
      },
    ]);
    renderPage();

    expect(screen.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByText(new Date('2024-05-01T10:00:00.000Z').toLocaleString())).toBeInTheDocument();
    expect(first.getByText('admin@example.com')).toBeInTheDocument();
    expect(first.getByText('tenant.update')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('tenanttenant-1');
    expect(await first.findByText('Acme Corp')).toBeInTheDocument();
    expect(first.getByText('127.0.0.1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('system')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('tenant-gone')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('—')).toBeInTheDocument();
    // Only events with changes have details.
    expect(within(rows[2]!).queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();

    const details = first.getByRole('button', { name: 'Details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('audit-changes').textContent).toBe(
      JSON.stringify({ name: { from: 'Acme', to: 'Acme Corp' } }, null, 2),
    );
    await userEvent.click(details);
    expect(screen.queryByTestId('audit-changes')).not.toBeInTheDocument();
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 1–3 of 3');
  });

  it('marks the table busy while its tenant names load, so nothing reads the ids they replace', async () => {
    let answerNames: () => void = () => {};
    const names = new Promise<void>((resolve) => (answerNames = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockImplementation(async (input) => {
        const url = String(input);
        if (!url.startsWith('/api/tenants/options')) {
          return Response.json([event('e1', { tenantId: 'tenant-1' })], {
            headers: { 'X-Total-Count': '1' },
          });
        }
        await names;
        return optionsHandler(tenants)({ url });
      }),
    );
    renderPage();

    const [row] = await screen.findAllByTestId('audit-row');
    expect(row).toHaveTextContent('tenant-1');
    expect(screen.getByTestId('audit-table')).toHaveAttribute('aria-busy', 'true');
    answerNames();
    expect(await within(row!).findByText('Acme Corp')).toBeInTheDocument();
    expect(screen.getByTestId('audit-table')).not.toHaveAttribute('aria-busy');
  });

  it("names the API token an event's actor used", async () => {
    stubApi([
      {
        events: [event('e1', { actorTokenId: 'tok-1', actorTokenName: 'deploy-pipeline' }), event('e2')],
        total: 2,
      },
    ]);
    renderPage();
    const [viaToken, inPerson] = await screen.findAllByTestId('audit-row');
    expect(within(viaToken!).getByTestId('audit-actor-token')).toHaveTextContent('via token deploy-pipeline');
    expect(within(viaToken!).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(inPerson!).queryByTestId('audit-actor-token')).not.toBeInTheDocument();
  });

  it('offers every audited resource type by its label, sending the spelling the server records', async () => {
    const fetchMock = stubApi([{ events: [event('e1')], total: 1 }]);
    renderPage();
    await screen.findAllByTestId('audit-row');
    const select = screen.getByLabelText('Resource type');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value')).sort()).toEqual(
      ['all', ...AUDIT_RESOURCE_TYPES].sort(),
    );
    await userEvent.selectOptions(select, 'Web app');
    await waitFor(() => expect(auditQueries(fetchMock).at(-1)?.get('resourceType')).toBe('web_app'));
    await userEvent.selectOptions(select, 'Gateway route');
    await waitFor(() => expect(auditQueries(fetchMock).at(-1)?.get('resourceType')).toBe('gateway-route'));
  });

  it('sends the filters: debounced actor, resource type, tenant, local-day date range', async () => {
    const fetchMock = stubApi([{ events: [event('e1')], total: 1 }]);
    renderPage();
    await screen.findAllByTestId('audit-row');
    expect(auditQueries(fetchMock)[0]!.toString()).toBe('sort=-createdAt&limit=25&offset=0');

    await userEvent.selectOptions(screen.getByLabelText('Resource type'), 'session');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tenant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Acme Corp' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-05-03' } });
    await waitFor(() => expect(auditQueries(fetchMock).at(-1)?.get('to')).toBeTruthy());

    let last = auditQueries(fetchMock).at(-1)!;
    expect(last.get('resourceType')).toBe('session');
    expect(last.get('tenantId')).toBe('tenant-1');
    expect(last.get('from')).toBe(new Date(2024, 4, 1, 0, 0, 0, 0).toISOString());
    expect(last.get('to')).toBe(new Date(2024, 4, 3, 23, 59, 59, 999).toISOString());
    expect(last.has('actor')).toBe(false);

    // Typing waits ~300 ms before asking: one request for the whole word.
    const before = auditQueries(fetchMock).length;
    await userEvent.type(screen.getByLabelText('Actor'), 'alice');
    expect(auditQueries(fetchMock)).toHaveLength(before);
    await waitFor(() => expect(auditQueries(fetchMock).at(-1)?.get('actor')).toBe('alice'));
    expect(auditQueries(fetchMock)).toHaveLength(before + 1);

    // Back to 'all' sends no resource type or tenant.
    await userEvent.selectOptions(screen.getByLabelText('Resource type'), 'all');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tenant' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All tenants' }));
    await waitFor(() => {
      last = auditQueries(fetchMock).at(-1)!;
      expect(last.has('resourceType')).toBe(false);
      expect(last.has('tenantId')).toBe(false);
    });
  });

  it('shows the empty state when nothing matches', async () => {
    stubApi([{ events: [], total: 0 }]);
    renderPage();
    expect(await screen.findByText('No audit events match these filters')).toBeInTheDocument();
    expect(screen.queryByTestId('audit-table')).not.toBeInTheDocument();
  });

  it('pages by 25 with Previous/Next and "Showing X–Y of Z" from X-Total-Count', async () => {
    const page1 = Array.from({ length: 25 }, (_, i) => event(`a${i}`));
    const page2 = Array.from({ length: 20 }, (_, i) => event(`b${i}`));
    const fetchMock = stubApi([
      { events: page1, total: 45 },
      { events: page2, total: 45 },
      { events: page1, total: 45 },
    ]);
    renderPage();

    expect(await screen.findByText('Showing 1–25 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–45 of 45')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(20));
    expect(auditQueries(fetchMock).at(-1)?.get('offset')).toBe('25');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 1–25 of 45')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    const fetchMock = stubApi([
      Response.json({ message: 'Database unavailable', code: 'UNAVAILABLE' }, { status: 503 }),
      { events: [event('e1')], total: 1 },
    ]);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(1);
    expect(auditQueries(fetchMock)).toHaveLength(2);
  });

  it("shows a 403's message without a retry", async () => {
    const message = 'Only administrators and tenant owners can read the audit log';
    stubApi([Response.json({ message, code: 'FORBIDDEN' }, { status: 403 })]);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows a loading skeleton first', async () => {
    stubApi([{ events: [event('e1')], total: 1 }]);
    renderPage();
    expect(screen.getByTestId('audit-skeleton')).toBeInTheDocument();
    expect(await screen.findAllByTestId('audit-row')).toHaveLength(1);
    expect(screen.queryByTestId('audit-skeleton')).not.toBeInTheDocument();
  });

  it('sorts by a column header (aria-sort) and keeps filters, sort and page in the URL', async () => {
    const fetchMock = stubApi([{ events: [event('e1')], total: 60 }]);
    const { router } = renderWithProviders(<AuditLogPage />, {
      path: '/audit-log?resourceType=tenant&from=2024-05-01&page=2',
      queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })),
    });
    await screen.findAllByTestId('audit-row');
    const first = auditQueries(fetchMock)[0]!;
    expect(first.get('resourceType')).toBe('tenant');
    expect(first.get('from')).toBe(new Date(2024, 4, 1).toISOString());
    expect(first.get('offset')).toBe('25');
    expect(screen.getByRole('columnheader', { name: 'Time' })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: 'Actor' }));
    await waitFor(() => expect(auditQueries(fetchMock).at(-1)?.get('sort')).toBe('actorEmail'));
    expect(auditQueries(fetchMock).at(-1)?.get('offset')).toBe('0');
    expect(router.state.location.search).toBe('?resourceType=tenant&from=2024-05-01&sort=actorEmail');
    expect(screen.getByRole('columnheader', { name: 'Actor' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('offers Retention & exports to administrators only', async () => {
    stubApi([{ events: [event('e1')], total: 1 }]);
    const admin = renderPage();
    expect(await screen.findByRole('button', { name: 'Retention & exports' })).toBeInTheDocument();
    admin.unmount();

    stubApi([{ events: [event('e1', { tenantId: 'tenant-1' })], total: 1 }]);
    renderWithProviders(<AuditLogPage />, {
      path: '/audit-log',
      queryClient: queryClientWithMe(makeMe({ memberships: [{ tenantId: 'tenant-1', role: 'owner' }] })),
    });
    expect(await screen.findAllByText('auth.login')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Retention & exports' })).not.toBeInTheDocument();
  });
});
