import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/deployments/lib/slots';
import { apiError, idleSlot, liveSlot, requestsTo } from '@/deployments/test/fixtures';
import { HEALTH, SLOTS, renderDeploymentsPage } from '@/deployments/test/render-page';
import { probe } from '@/deployments/test/rollouts';

const card = (slot: 'blue' | 'green') => screen.getByTestId(`slot-card-${slot}`);
const field = (slot: 'blue' | 'green', name: string) => within(card(slot)).getByTestId(`slot-${name}`);
const cells = (slot: 'blue' | 'green') =>
  within(within(card(slot)).getByRole('list', { name: /Recent health probes/ })).getAllByRole('img');

const unhealthyGreen = idleSlot({
  healthStatus: 'unhealthy',
  healthReason: 'HTTP 503',
  healthCheckUrl: 'https://green.example.com/health',
  healthCheckIntervalSeconds: 30,
  lastHealthCheck: '2024-06-01T12:03:15.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Deployments: slot health', { timeout: 20_000 }, () => {
  it('shows the reason, the last check, the health check and the probes oldest to newest', async () => {
    renderDeploymentsPage({
      [`GET ${SLOTS}`]: [liveSlot(), unhealthyGreen],
      // Newest first, as the API answers.
      [`GET ${HEALTH}`]: [
        probe('green', '2024-06-01T12:03:15.000Z', 'HTTP 503'),
        probe('blue', '2024-06-01T12:03:10.000Z'),
        probe('green', '2024-06-01T12:02:45.000Z'),
      ],
    });
    await screen.findByTestId('slot-card-green');
    expect(field('green', 'health')).toHaveTextContent('unhealthy');
    expect(within(card('green')).getByTestId('slot-health-reason')).toHaveTextContent('HTTP 503');
    expect(within(card('blue')).queryByTestId('slot-health-reason')).not.toBeInTheDocument();
    expect(field('green', 'last-check')).toHaveTextContent(formatDateTime('2024-06-01T12:03:15.000Z'));
    expect(field('green', 'health-check')).toHaveTextContent('https://green.example.com/health');
    expect(field('green', 'health-check')).toHaveTextContent('every 30 s');
    expect(field('blue', 'health-check')).toHaveTextContent('None');

    await waitFor(() => expect(cells('green')).toHaveLength(2));
    const time = (at: string) => new Date(at).toLocaleTimeString();
    expect(cells('green').map((cell) => cell.getAttribute('aria-label'))).toEqual([
      `Healthy · 200 · ${time('2024-06-01T12:02:45.000Z')}`,
      `Failed · HTTP 503 · ${time('2024-06-01T12:03:15.000Z')}`,
    ]);
    expect(within(card('green')).getByText('1 of the last 2 probes passed')).toBeInTheDocument();
    expect(cells('blue')).toHaveLength(1);

    // The tooltip says the same on hover.
    await userEvent.hover(cells('green')[1] as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      `Failed · HTTP 503 · ${time('2024-06-01T12:03:15.000Z')}`,
    );
  });

  it("reads 'No probes yet' without probes", async () => {
    renderDeploymentsPage({});
    await screen.findByTestId('slot-card-green');
    expect(await within(card('green')).findByText('No probes yet')).toBeInTheDocument();
    expect(within(card('blue')).getByText('No probes yet')).toBeInTheDocument();
  });

  it('says so when the probes cannot be loaded, the slots still shown', async () => {
    renderDeploymentsPage({ [`GET ${HEALTH}`]: apiError(503, 'Database unavailable') });
    await screen.findByTestId('slot-card-green');
    expect(await within(card('green')).findByText('Could not load the probes')).toBeInTheDocument();
    expect(field('green', 'health')).toHaveTextContent('healthy');
  });

  it('edits a health check: validates, PUTs the settings, toasts, refreshes the slots', async () => {
    let rows = [liveSlot(), unhealthyGreen];
    const { fetchMock } = renderDeploymentsPage({
      [`GET ${SLOTS}`]: () => Response.json(rows),
      'PUT /api/deployment-health-checks': () => {
        rows = [liveSlot(), { ...unhealthyGreen, healthCheckUrl: 'https://green.example.com/ready' }];
        return new Response(null, { status: 204 });
      },
    });
    await screen.findByTestId('slot-card-green');
    await userEvent.click(
      within(card('green')).getByRole('button', { name: 'Edit health check: green slot' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit health check: green slot' });
    const url = within(dialog).getByRole('textbox', { name: 'Health check URL' });
    const interval = within(dialog).getByRole('spinbutton', { name: 'Interval (seconds)' });
    expect(url).toHaveValue('https://green.example.com/health');
    expect(interval).toHaveValue(30);

    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://green.example.com/health');
    await userEvent.clear(interval);
    await userEvent.type(interval, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be an http(s) URL')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(interval).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'PUT', '/api/deployment-health-checks')).toEqual([]);

    await userEvent.clear(url);
    await userEvent.type(url, 'https://green.example.com/ready');
    await userEvent.clear(interval);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Health check saved')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT', '/api/deployment-health-checks')[0]?.body).toEqual({
      resourceType: 'microfrontend',
      resourceId: 'mfe-001',
      environment: 'production',
      slot: 'green',
      healthCheckUrl: 'https://green.example.com/ready',
      healthCheckIntervalSeconds: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(field('green', 'health-check')).toHaveTextContent('https://green.example.com/ready'),
    );
  });

  it("puts a refusal's field issues on the fields", async () => {
    renderDeploymentsPage({
      'PUT /api/deployment-health-checks': apiError(400, 'Invalid body', [
        { path: 'body.healthCheckUrl', message: 'Refused: 10.0.0.5 is a private address' },
      ]),
    });
    await screen.findByTestId('slot-card-green');
    await userEvent.click(
      within(card('green')).getByRole('button', { name: 'Edit health check: green slot' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Health check URL' }),
      'http://10.0.0.5/',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Refused: 10.0.0.5 is a private address')).toBeInTheDocument();
  });

  it('hides Edit health check from users who are not administrators', async () => {
    renderDeploymentsPage({}, 'user');
    await screen.findByTestId('slot-card-green');
    expect(screen.queryByRole('button', { name: /Edit health check/ })).not.toBeInTheDocument();
  });
});
