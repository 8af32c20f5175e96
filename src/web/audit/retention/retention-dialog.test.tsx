import '@/test/dom-polyfills';
import type { AuditExport, AuditRetention } from '@contract/audit-retention';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetentionDialog } from '@/audit/retention/retention-dialog';
import { Toaster } from '@/components/ui/toaster';
import { apiError, never, requestsTo, stubApi } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';

const TEST_TIMEOUT = 20_000;

const retention = (overrides: Partial<AuditRetention> = {}): AuditRetention => ({
  days: null,
  updatedAt: null,
  updatedBy: null,
  revision: 0,
  ...overrides,
});

const anExport = (overrides: Partial<AuditExport> = {}): AuditExport => ({
  id: 'exp-1',
  reason: 'retention',
  fromSeq: 1,
  toSeq: 400,
  fromTime: '2026-01-01T00:00:00.000Z',
  toTime: '2026-02-01T00:00:00.000Z',
  eventCount: 400,
  bytes: 20480,
  createdBy: null,
  createdAt: '2026-06-01T00:00:00.000Z',
  ...overrides,
});

const page = (items: AuditExport[], total = items.length) =>
  Response.json(items, { headers: { 'X-Total-Count': String(total) } });

function renderDialog() {
  return renderWithProviders(
    <>
      <RetentionDialog open onOpenChange={() => {}} />
      <Toaster />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RetentionDialog', { timeout: TEST_TIMEOUT }, () => {
  it('shows loading, then keep forever and no exports yet', async () => {
    stubApi({ 'GET /api/audit-retention': never, 'GET /api/audit-exports': never });
    const view = renderDialog();
    expect(screen.getByText('Loading the retention...')).toBeInTheDocument();
    expect(screen.getByText('Loading exports...')).toBeInTheDocument();
    view.unmount();

    stubApi({ 'GET /api/audit-retention': retention(), 'GET /api/audit-exports': page([]) });
    renderDialog();
    expect(await screen.findByRole('combobox', { name: 'Keep audit events' })).toHaveTextContent(
      'Keep forever',
    );
    expect(await screen.findByText('No exports yet')).toBeInTheDocument();
  });

  it('saves a preset under If-Match and says so in a toast', async () => {
    const user = userEvent.setup();
    // As the server would: the read after the save answers the saved revision.
    let current = retention({ revision: 4 });
    const fetchMock = stubApi({
      'GET /api/audit-retention': () => Response.json(current),
      'GET /api/audit-exports': page([]),
      'PUT /api/audit-retention': () => Response.json((current = retention({ days: 90, revision: 5 }))),
    });
    renderDialog();
    await user.click(await screen.findByRole('combobox', { name: 'Keep audit events' }));
    await user.click(await screen.findByRole('option', { name: '90 days' }));
    await user.click(screen.getByRole('button', { name: 'Save retention' }));

    expect(await screen.findByText('Retention saved')).toBeInTheDocument();
    expect(
      screen.getByText('Events older than 90 days are exported, then purged (hourly).', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/audit-retention').map((r) => r.body)).toEqual([{ days: 90 }]);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[1]?.headers).toMatchObject({ 'If-Match': '"4"' });
  });

  it('refuses a custom number out of range beside the field, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/audit-retention': retention({ days: 45, revision: 2 }),
      'GET /api/audit-exports': page([]),
    });
    renderDialog();
    const days = await screen.findByRole('textbox', { name: 'Days' });
    expect(days).toHaveValue('45');
    await user.clear(days);
    await user.type(days, '4000');
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 3650')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'PUT', '/api/audit-retention')).toEqual([]);
  });

  it('shows the server refusal in an error toast', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/audit-retention': retention(),
      'GET /api/audit-exports': page([]),
      'PUT /api/audit-retention': apiError(412, 'The audit retention was changed by someone else'),
    });
    renderDialog();
    await user.click(await screen.findByRole('combobox', { name: 'Keep audit events' }));
    await user.click(await screen.findByRole('option', { name: '30 days' }));
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('The audit retention was changed by someone else')).toBeInTheDocument();
  });

  it('lists the exports with their download links, and pages through them', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/audit-retention': retention({ days: 365, revision: 1 }),
      'GET /api/audit-exports': page(
        [anExport(), anExport({ id: 'exp-2', reason: 'manual', createdBy: 'ann@example.com' })],
        12,
      ),
    });
    renderDialog();
    const rows = await screen.findAllByTestId('audit-export');
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole('link', { name: 'Download audit-1-400.jsonl.gz' });
    expect(link).toHaveAttribute('href', '/api/audit-exports/exp-1/download');
    expect(within(rows[0]!).getByText('Purged after')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Export now (ann@example.com)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(requestsTo(fetchMock, 'GET', '/api/audit-exports').at(-1)?.url).toContain('offset=10');
  });

  it('shows the list error with Retry', async () => {
    stubApi({
      'GET /api/audit-retention': retention(),
      'GET /api/audit-exports': apiError(503, 'Database unavailable'),
    });
    renderDialog();
    const error = within(await screen.findByTestId('error-state'));
    expect(error.getByText('Could not load the exports')).toBeInTheDocument();
    expect(error.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('exports a time range now and toasts the count; a range that ends first is refused', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      'GET /api/audit-retention': retention(),
      'GET /api/audit-exports': page([]),
      'POST /api/audit-exports': anExport({ reason: 'manual', eventCount: 1234 }),
    });
    renderDialog();
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    fireEvent.change(from, { target: { value: '2026-03-02T00:00' } });
    fireEvent.change(to, { target: { value: '2026-03-01T00:00' } });
    await user.click(screen.getByRole('button', { name: 'Export now' }));
    expect(await screen.findByText('Choose a start and an end after it')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/audit-exports')).toEqual([]);

    fireEvent.change(to, { target: { value: '2026-03-03T00:00' } });
    await user.click(screen.getByRole('button', { name: 'Export now' }));
    expect(await screen.findByText('Export written')).toBeInTheDocument();
    expect(screen.getByText('1,234 events, ready to download.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/audit-exports').map((r) => r.body)).toEqual([
      { from: new Date('2026-03-02T00:00').toISOString(), to: new Date('2026-03-03T00:00').toISOString() },
    ]);
  });
});
