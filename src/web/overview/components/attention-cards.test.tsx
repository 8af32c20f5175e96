import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverviewPage } from '@/overview/components/overview-page';
import { emptyCards, fullCards, stubFetchByPath } from '@/overview/components/attention-test-data';
import { renderWithProviders } from '@/test/render';

const overview = {
  totalTenants: 0,
  capabilities: 0,
  webApps: 0,
  activeResources: 0,
  recentTenants: [],
  recentWebApps: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (id: string) => screen.findByTestId(id);

describe('Overview cards', () => {
  it('show what waits, each linking to where it is acted on', async () => {
    const fetchMock = stubFetchByPath({ ...fullCards, '/api/overview': overview });
    renderWithProviders(<OverviewPage />);

    const requests = await card('overview-requests');
    await within(requests).findAllByTestId('waiting-request');
    expect(within(requests).getByTestId('waiting-total')).toHaveTextContent('4');
    const first = within(requests).getByRole('link', { name: '#12 Request 12' });
    expect(first).toHaveAttribute('href', '/changes/cr-1');
    expect(within(requests).getAllByTestId('waiting-request')[0]).toHaveTextContent(
      'Prod · Acme Corp · waiting 1 d',
    );
    expect(within(requests).getAllByTestId('waiting-request')[1]).toHaveTextContent('Platform');
    expect(within(requests).getByTestId('mine-counts')).toHaveTextContent(/Pending 2.*Failed 1/);

    const rollouts = await card('overview-rollouts');
    const bar = await within(rollouts).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '50% to green, step 2 of 3');
    expect(within(rollouts).getByTestId('rollout-countdown')).toHaveTextContent(/^[45]:\d\d$/);
    expect(within(rollouts).getByRole('link', { name: /Deployments/ })).toHaveAttribute(
      'href',
      '/deployments',
    );

    const slots = await card('overview-slots');
    expect(await within(slots).findByRole('img', { name: '10 recent probes, 3 failed' })).toBeInTheDocument();
    expect(within(slots).getByText(/Unhealthy · HTTP 503 · 100% traffic/)).toBeInTheDocument();
    expect(await within(slots).findByTestId('latency-summary')).toHaveTextContent(
      'Latency of Payments API green over its last 10 probes: 40 to 49 ms, latest 49 ms.',
    );

    const scheduled = await card('overview-scheduled');
    expect(await within(scheduled).findByRole('link', { name: '#14 Request 14' })).toHaveAttribute(
      'href',
      '/changes/cr-3',
    );

    const activity = await card('overview-activity');
    expect(await within(activity).findByTestId('activity-summary')).toHaveTextContent(
      '60 applied (30 in production), 2 failed, 0 rolled back in the last 30 days.',
    );
    // The chart's text alternative: every day in a table.
    const table = within(activity).getByRole('table', { name: /Change requests per day/ });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    // Hidden by a clipping wrapper: a table with sr-only keeps its content's width (1.4.10 at 320 px).
    expect(table).not.toHaveClass('sr-only');
    expect(table.parentElement).toHaveClass('sr-only');

    // One request per card, and the chosen slot's latency.
    const paths = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(new Set(paths)).toEqual(new Set([...Object.keys(fullCards), '/api/overview']));
  });

  it('say so when nothing needs attention', async () => {
    stubFetchByPath({ ...emptyCards, '/api/overview': overview });
    renderWithProviders(<OverviewPage />);
    expect(
      await within(await card('overview-rollouts')).findByText('No rollout is in progress.'),
    ).toBeInTheDocument();
    expect(
      within(await card('overview-slots')).getByText("Every slot's health check passes."),
    ).toBeInTheDocument();
    expect(
      within(await card('overview-scheduled')).getByText('Nothing is scheduled in the next 24 hours.'),
    ).toBeInTheDocument();
    expect(within(await card('overview-requests')).getByText('Nothing waits for you.')).toBeInTheDocument();
  });

  it('show a loading state, then an error with a retry per card', async () => {
    let failing = true;
    stubFetchByPath({
      ...fullCards,
      '/api/overview': overview,
      '/api/overview/rollouts': () =>
        failing
          ? Response.json({ message: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' }, { status: 503 })
          : Response.json(fullCards['/api/overview/rollouts']),
    });
    renderWithProviders(<OverviewPage />);
    const rollouts = await card('overview-rollouts');
    expect(within(rollouts).getByTestId('card-loading')).toHaveTextContent('Loading rollouts in progress…');
    const alert = await within(rollouts).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Database unavailable');
    // The other cards are not held up by one that failed.
    expect(within(await card('overview-requests')).queryByRole('alert')).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(rollouts).getByRole('progressbar')).toBeInTheDocument());
  });

  it('count down in whole minutes, without animating the bar, when reduced motion is asked for', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    stubFetchByPath({ ...fullCards, '/api/overview': overview });
    renderWithProviders(<OverviewPage />);
    const rollouts = await card('overview-rollouts');
    expect(await within(rollouts).findByTestId('rollout-countdown')).toHaveTextContent(/^about [56] min$/);
  });
});
