import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/deployments/lib/slots';
import { apiError, idleSlot, liveSlot, requestsTo } from '@/deployments/test/fixtures';
import { SLOTS, renderDeploymentsPage } from '@/deployments/test/render-page';

const card = (slot: 'blue' | 'green') => screen.getByTestId(`slot-card-${slot}`);
const field = (slot: 'blue' | 'green', name: string) => within(card(slot)).getByTestId(`slot-${name}`);
const switchButton = () => screen.getByRole('button', { name: 'Switch Slots' });
/** Opens Switch Slots and submits its dialog as it opens: all traffic now. */
async function submitSwitchDialog(where = 'Production') {
  await userEvent.click(switchButton());
  const dialog = await screen.findByRole('dialog', { name: `Switch Dashboard in ${where}` });
  expect(within(dialog).getByRole('radio', { name: /Switch all traffic now/ })).toBeChecked();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
}
/** Production asks before live traffic moves. */
async function confirmProductionSwitch() {
  const dialog = await screen.findByRole('alertdialog', {
    name: 'Switch Dashboard in Production to the GREEN slot?',
  });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Switch production traffic' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeploymentsPage', { timeout: 20_000 }, () => {
  it('defaults to the Microfrontends tab, the first microfrontend and Production', async () => {
    const { fetchMock } = renderDeploymentsPage({});
    expect(screen.getByRole('heading', { name: 'Blue-Green Deployments', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Microfrontends' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Capabilities' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('combobox', { name: 'Environment' })).toHaveTextContent('Production');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Microfrontend' })).toHaveTextContent('Dashboard'),
    );
    await screen.findByTestId('slot-card-blue');
    expect(requestsTo(fetchMock, 'GET', SLOTS)).toHaveLength(1);
  });

  it('shows both slot cards with every field, the version resolved from its id', async () => {
    renderDeploymentsPage({});
    await screen.findByTestId('slot-card-blue');
    await waitFor(() => expect(field('blue', 'version')).toHaveTextContent('1.2.0'));
    expect(field('blue', 'status')).toHaveTextContent('Active');
    expect(field('blue', 'traffic')).toHaveTextContent('100%');
    expect(field('blue', 'health')).toHaveTextContent('healthy');
    expect(within(field('blue', 'deployed-url')).getByRole('link')).toHaveAttribute(
      'href',
      'https://blue.example.com/mfe/dashboard/',
    );
    expect(field('blue', 'deployed')).toHaveTextContent(formatDateTime('2024-05-01T08:00:00.000Z'));
    expect(field('blue', 'activated')).toHaveTextContent(formatDateTime('2024-05-02T09:30:00.000Z'));
    expect(within(card('blue')).getByTestId('slot-live')).toHaveTextContent('Live');

    expect(field('green', 'version')).toHaveTextContent('1.1.0');
    expect(field('green', 'status')).toHaveTextContent('Inactive');
    expect(field('green', 'traffic')).toHaveTextContent('0%');
    expect(field('green', 'health')).toHaveTextContent('healthy');
    expect(field('green', 'deployed-url')).toHaveTextContent('https://green.example.com/mfe/dashboard/');
    expect(field('green', 'activated')).toHaveTextContent('N/A');
    expect(within(card('green')).queryByTestId('slot-live')).not.toBeInTheDocument();
  });

  it("reads 'No deployment in this slot' for an empty slot and disables Switch with fewer than two", async () => {
    renderDeploymentsPage({ [`GET ${SLOTS}`]: [liveSlot()] });
    expect(
      await within(await screen.findByTestId('slot-card-green')).findByText('No deployment in this slot'),
    ).toBeInTheDocument();
    expect(within(card('blue')).queryByText('No deployment in this slot')).not.toBeInTheDocument();
    expect(switchButton()).toBeDisabled();
  });

  it("shows 'Loading deployments...' and then the empty text", async () => {
    let answer: ((rows: unknown[]) => void) | undefined;
    const { fetchMock } = renderDeploymentsPage({
      [`GET ${SLOTS}`]: () =>
        new Promise<Response>((resolve) => (answer = (rows) => resolve(Response.json(rows)))),
    });
    expect(await screen.findByText('Loading deployments...')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', SLOTS)).toHaveLength(1));
    expect(screen.getByText('Loading deployments...')).toBeInTheDocument();
    answer?.([]);
    expect(
      await screen.findByText('No deployments found for this microfrontend and environment'),
    ).toBeInTheDocument();
    expect(switchButton()).toBeDisabled();
  });

  it("toasts 'Cannot switch' unless one slot is live and the other inactive", async () => {
    const { fetchMock } = renderDeploymentsPage({
      [`GET ${SLOTS}`]: [liveSlot(), idleSlot({ status: 'active', trafficPercentage: 0 })],
    });
    await screen.findByTestId('slot-card-blue');
    await userEvent.click(switchButton());
    expect(await screen.findByText('Cannot switch')).toBeInTheDocument();
    expect(screen.getByText('Both blue and green slots must be deployed.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/deployments/switch')).toHaveLength(0);
  });

  it("switches from the live slot to the inactive one: 'Deployment switched', cards refreshed", async () => {
    let rows = [liveSlot(), idleSlot()];
    const { fetchMock } = renderDeploymentsPage({
      [`GET ${SLOTS}`]: () => Response.json(rows),
      'POST /api/deployments/switch': () => {
        rows = [
          liveSlot({ status: 'inactive', trafficPercentage: 0 }),
          idleSlot({ status: 'active', trafficPercentage: 100, activatedAt: '2024-06-01T12:00:00.000Z' }),
        ];
        return Response.json(rows);
      },
    });
    await screen.findByTestId('slot-card-blue');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Microfrontend' })).toHaveTextContent('Dashboard'),
    );
    await submitSwitchDialog();
    expect(requestsTo(fetchMock, 'POST', '/api/deployments/switch')).toHaveLength(0);
    await confirmProductionSwitch();

    expect(await screen.findByText('Deployment switched')).toBeInTheDocument();
    expect(screen.getByText('Traffic has been switched to the new slot')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/deployments/switch')[0]?.body).toEqual({
      microfrontendId: 'mfe-001',
      environment: 'production',
      fromSlot: 'blue',
      toSlot: 'green',
    });
    await waitFor(() => expect(field('green', 'traffic')).toHaveTextContent('100%'));
    expect(within(card('green')).getByTestId('slot-live')).toBeInTheDocument();
    expect(field('blue', 'status')).toHaveTextContent('Inactive');
  });

  it("shows 'Switch failed' with the server message (JSON or plain text), or 'Failed to switch deployment.'", async () => {
    let reply = apiError(409, 'The slots changed since the page loaded');
    renderDeploymentsPage({ 'POST /api/deployments/switch': () => reply });
    await screen.findByTestId('slot-card-blue');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Microfrontend' })).toHaveTextContent('Dashboard'),
    );
    await submitSwitchDialog();
    await confirmProductionSwitch();
    expect(await screen.findByText('Switch failed')).toBeInTheDocument();
    expect(screen.getByText('The slots changed since the page loaded')).toBeInTheDocument();

    // The switch dialog stays open with its choices, to try again. A proxy's plain-text body is the
    // message too; an empty body leaves the fallback.
    const retry = async () => {
      const dialog = screen.getByRole('dialog', { name: 'Switch Dashboard in Production' });
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Switch' })).toBeEnabled());
      await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
      await confirmProductionSwitch();
    };
    reply = new Response('Upstream proxy timed out', { status: 502 });
    await retry();
    expect(await screen.findByText('Upstream proxy timed out')).toBeInTheDocument();

    reply = new Response('', { status: 502 });
    await retry();
    expect(await screen.findByText('Failed to switch deployment.')).toBeInTheDocument();
  });

  it('switches outside production without asking again, and cancels a production switch without sending it', async () => {
    const { fetchMock } = renderDeploymentsPage({
      'GET /api/deployments/microfrontend/mfe-001/environment/uat': [
        liveSlot({ environment: 'uat' }),
        idleSlot({ environment: 'uat' }),
      ],
      'POST /api/deployments/switch': [liveSlot(), idleSlot()],
    });
    await screen.findByTestId('slot-card-blue');
    await submitSwitchDialog();
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Cancel returns to the switch dialog; its own Cancel closes it.
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'POST', '/api/deployments/switch')).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'UAT' }));
    await waitFor(() => expect(switchButton()).toBeEnabled());
    await submitSwitchDialog('UAT');
    expect(await screen.findByText('Deployment switched')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/deployments/switch')[0]?.body).toMatchObject({
      environment: 'uat',
    });
  });

  it('refetches for another environment and another microfrontend', async () => {
    const { fetchMock } = renderDeploymentsPage({
      'GET /api/deployments/microfrontend/mfe-001/environment/development': [],
      'GET /api/deployments/microfrontend/mfe-002/environment/development': [
        liveSlot({ microfrontendId: 'mfe-002' }),
      ],
      'GET /api/microfrontend-versions/microfrontend/mfe-002': [],
    });
    await screen.findByTestId('slot-card-blue');
    await userEvent.click(screen.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Development' }));
    expect(
      await screen.findByText('No deployments found for this microfrontend and environment'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Microfrontend' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Billing' }));
    await screen.findByTestId('slot-card-blue');
    expect(
      requestsTo(fetchMock, 'GET', '/api/deployments/microfrontend/mfe-002/environment/development'),
    ).toHaveLength(1);
  });

  it('leaves Switch disabled and hides Deploy for users who are not administrators', async () => {
    renderDeploymentsPage({}, 'user');
    await screen.findByTestId('slot-card-blue');
    expect(switchButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Deploy to idle slot' })).not.toBeInTheDocument();
  });
});
