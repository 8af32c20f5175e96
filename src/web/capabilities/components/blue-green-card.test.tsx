import type { BlueGreenConfig, Slot } from '@contract/blue-green';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capabilityQueryOptions, useCapability } from '@/capabilities/api/get-capability';
import { BlueGreenCard } from '@/capabilities/components/blue-green-card';
import { apiError, makeCapability, requestsTo, stubApi } from '@/capabilities/test/fixtures';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const event = (
  action: string,
  fromSlot: Slot,
  toSlot: Slot,
  fromVersion: string,
  toVersion: string,
  timestamp: string,
) => ({
  action,
  fromSlot,
  fromVersion,
  toSlot,
  toVersion,
  timestamp,
});

const config: BlueGreenConfig = {
  production: {
    enabled: true,
    activeSlot: 'green',
    blueVersion: '1.0.0',
    greenVersion: '1.1.0',
    deploymentHistory: [
      event('switch', 'blue', 'green', '0.9.0', '1.0.0', '2024-05-01T10:00:00.000Z'),
      event('switch', 'green', 'blue', '1.0.0', '0.9.1', '2024-05-02T10:00:00.000Z'),
      event('switch', 'blue', 'green', '0.9.1', '1.0.1', '2024-05-03T10:00:00.000Z'),
      event('rollback', 'green', 'blue', '1.0.1', '0.9.1', '2024-05-04T10:00:00.000Z'),
      event('switch', 'blue', 'green', '0.9.1', '1.0.2', '2024-05-05T10:00:00.000Z'),
      event('rollback', 'green', 'blue', '1.0.2', '1.0.0', '2024-05-06T10:00:00.000Z'),
      event('switch', 'blue', 'green', '1.0.0', '1.1.0', '2024-05-07T10:00:00.000Z'),
    ],
  },
  uat: { enabled: true, activeSlot: null, blueVersion: '', greenVersion: '', deploymentHistory: [] },
};

/** Renders the card for a cached capability, as the page does; replies update the cache. */
function renderCard({ blueGreen = config as BlueGreenConfig | null, globalRole = 'admin' } = {}) {
  const queryClient = queryClientWithMe(makeMe({ globalRole }));
  const capability = makeCapability({ blueGreenConfig: blueGreen ? JSON.stringify(blueGreen) : null });
  queryClient.setQueryData(capabilityQueryOptions('api-001').queryKey, capability);
  function Card() {
    // Reads the cache like the page, so a mutation's reply shows.
    const cached = useCapability('api-001').data ?? capability;
    return <BlueGreenCard capability={cached} />;
  }
  const utils = renderWithProviders(
    <>
      <Card />
      <Toaster />
    </>,
    { queryClient },
  );
  return { ...utils, queryClient };
}

const section = (environment: string) => within(screen.getByTestId(`blue-green-${environment}`));
const reply = (next: BlueGreenConfig) => Response.json({ blueGreenConfig: JSON.stringify(next) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BlueGreenCard', { timeout: 15_000 }, () => {
  it('shows production and UAT with the active slot, versions and the last five events, newest first', () => {
    stubApi({});
    renderCard();
    const production = section('production');
    expect(production.getByRole('heading', { name: 'Production' })).toBeInTheDocument();
    expect(production.getByTestId('active-slot')).toHaveTextContent('GREEN');
    expect(production.getByLabelText('Blue Slot Version')).toHaveValue('1.0.0');
    expect(production.getByLabelText('Green Slot Version')).toHaveValue('1.1.0');
    expect(production.getByRole('switch', { name: 'Blue-green deployment for Production' })).toBeChecked();

    const events = production.getAllByTestId('deployment-event');
    expect(events).toHaveLength(5);
    expect(events[0]).toHaveTextContent('switchBLUE (1.0.0) → GREEN (1.1.0)');
    expect(events[1]).toHaveTextContent('rollbackGREEN (1.0.2) → BLUE (1.0.0)');
    expect(events[4]).toHaveTextContent('switchBLUE (0.9.1) → GREEN (1.0.1)');
    expect(
      within(events[0]!).getByText(new Date('2024-05-07T10:00:00.000Z').toLocaleString()),
    ).toBeInTheDocument();
    expect(within(events[0]!).getByText('switch')).toHaveAttribute('data-variant', 'default');
    expect(within(events[1]!).getByText('rollback')).toHaveAttribute('data-variant', 'secondary');

    expect(section('uat').getByRole('heading', { name: 'UAT' })).toBeInTheDocument();
  });

  it('disables Switch Slot without an active slot and Rollback without history', () => {
    stubApi({});
    renderCard();
    expect(section('uat').getByTestId('active-slot')).toHaveTextContent('No active slot');
    expect(section('uat').getByRole('button', { name: 'Switch Slot' })).toBeDisabled();
    expect(section('uat').getByRole('button', { name: 'Rollback' })).toBeDisabled();
    expect(section('production').getByRole('button', { name: 'Switch Slot' })).toBeEnabled();
    expect(section('production').getByRole('button', { name: 'Rollback' })).toBeEnabled();
  });

  it('disables the inputs and hides the actions for users who are not administrators', () => {
    stubApi({});
    renderCard({ globalRole: 'user' });
    const production = section('production');
    expect(production.getByRole('switch')).toBeDisabled();
    expect(production.getByLabelText('Blue Slot Version')).toBeDisabled();
    expect(production.queryByRole('button', { name: 'Switch Slot' })).not.toBeInTheDocument();
    expect(production.queryByRole('button', { name: 'Rollback' })).not.toBeInTheDocument();
  });

  it("toggles an environment and says 'Blue-Green Deployment Updated'", async () => {
    const fetchMock = stubApi({
      'POST /api/capabilities/api-001/toggle-environment-blue-green': reply({
        uat: { enabled: true, activeSlot: null, blueVersion: '', greenVersion: '', deploymentHistory: [] },
      }),
    });
    renderCard({ blueGreen: null });
    const toggle = section('uat').getByRole('switch', { name: 'Blue-green deployment for UAT' });
    expect(toggle).not.toBeChecked();
    expect(section('uat').getByLabelText('Blue Slot Version')).toBeDisabled();

    await userEvent.click(toggle);
    expect(await screen.findByText('Blue-Green Deployment Updated')).toBeInTheDocument();
    expect(
      requestsTo(fetchMock, 'POST', '/api/capabilities/api-001/toggle-environment-blue-green')[0]?.body,
    ).toEqual({
      environment: 'uat',
      enabled: true,
    });
  });

  it("shows 'Failed to toggle blue-green deployment.' when the server says nothing", async () => {
    stubApi({
      'POST /api/capabilities/api-001/toggle-environment-blue-green': new Response('', { status: 502 }),
    });
    renderCard();
    await userEvent.click(section('uat').getByRole('switch'));
    expect(await screen.findByText('Failed to toggle blue-green deployment.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('sends a slot version on blur only when non-empty and changed', async () => {
    const fetchMock = stubApi({
      'POST /api/capabilities/api-001/update-environment-slot-version': ({ body }) =>
        reply({
          ...config,
          production: { ...config.production!, blueVersion: (body as { version: string }).version },
        }),
    });
    renderCard();
    const blue = section('production').getByLabelText('Blue Slot Version');
    const calls = () =>
      requestsTo(fetchMock, 'POST', '/api/capabilities/api-001/update-environment-slot-version');

    await userEvent.clear(blue);
    fireEvent.blur(blue);
    await userEvent.type(blue, '1.0.0');
    fireEvent.blur(blue);
    expect(calls()).toHaveLength(0);

    await userEvent.clear(blue);
    await userEvent.type(blue, ' 1.2.0 ');
    fireEvent.blur(blue);
    expect(await screen.findByText('Version Updated')).toBeInTheDocument();
    expect(calls().map((c) => c.body)).toEqual([
      { environment: 'production', slot: 'blue', version: '1.2.0' },
    ]);
  });

  it('puts the stored version back and toasts the server message when the update fails', async () => {
    stubApi({
      'POST /api/capabilities/api-001/update-environment-slot-version': apiError(
        409,
        'Blue-green deployment is not enabled for production',
      ),
    });
    renderCard();
    const green = section('production').getByLabelText('Green Slot Version');
    await userEvent.clear(green);
    await userEvent.type(green, '9.9.9');
    fireEvent.blur(green);
    expect(
      await screen.findByText('Blue-green deployment is not enabled for production'),
    ).toBeInTheDocument();
    await waitFor(() => expect(green).toHaveValue('1.1.0'));
  });

  it('switches after entering a version: title names the environment, confirm disabled while empty', async () => {
    const fetchMock = stubApi({
      'POST /api/capabilities/api-001/switch': reply({
        ...config,
        production: { ...config.production!, activeSlot: 'blue', blueVersion: '2.0.0' },
      }),
    });
    renderCard();
    await userEvent.click(section('production').getByRole('button', { name: 'Switch Slot' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Switch Production Slot' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Switching from the GREEN slot to the BLUE slot.');
    const confirm = within(dialog).getByRole('button', { name: 'Switch' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Version to deploy'), '   ');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Version to deploy'), '2.0.0');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    // Production: one more question before live traffic moves.
    expect(requestsTo(fetchMock, 'POST', '/api/capabilities/api-001/switch')).toHaveLength(0);
    await userEvent.click(
      within(
        await screen.findByRole('alertdialog', { name: 'Switch live Production traffic to the BLUE slot?' }),
      ).getByRole('button', { name: 'Switch Production' }),
    );

    expect(await screen.findByText('Slot Switched')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/capabilities/api-001/switch')[0]?.body).toEqual({
      environment: 'production',
      toVersion: '2.0.0',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(section('production').getByTestId('active-slot')).toHaveTextContent('BLUE');
  });

  it('rolls back after a confirmation that names both slots and how to undo it', async () => {
    const fetchMock = stubApi({
      'POST /api/capabilities/api-001/rollback': apiError(409, 'Nothing to roll back in production'),
    });
    renderCard();
    await userEvent.click(section('production').getByRole('button', { name: 'Rollback' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'This switches Production back from the GREEN slot to the BLUE slot, and all its traffic with it, at once. You can undo it by switching again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rollback' }));
    expect(await screen.findByText('Nothing to roll back in production')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/capabilities/api-001/rollback')[0]?.body).toEqual({
      environment: 'production',
    });
  });

  it("says 'Rollback Complete' when the rollback succeeds", async () => {
    stubApi({
      'POST /api/capabilities/api-001/rollback': reply({
        ...config,
        production: { ...config.production!, activeSlot: 'blue' },
      }),
    });
    renderCard();
    await userEvent.click(section('production').getByRole('button', { name: 'Rollback' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rollback' }),
    );
    expect(await screen.findByText('Rollback Complete')).toBeInTheDocument();
  });
});
