import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, idleSlot, liveSlot, requestsTo } from '@/deployments/test/fixtures';
import {
  ROLLOUTS,
  SLOTS,
  platformPolicy,
  platformRequest,
  renderDeploymentsPage,
} from '@/deployments/test/render-page';
import { rollout, rolloutEvent, rolledBack } from '@/deployments/test/rollouts';

const ACTION = '/api/rollouts/action';
/** Mid-rollout: green has half the traffic, both slots active. */
const splitSlots = [
  liveSlot({ trafficPercentage: 50 }),
  idleSlot({ status: 'active', trafficPercentage: 50 }),
];
const atHalf = rollout({
  stepIndex: 1,
  trafficPercentage: 50,
  events: [
    rolloutEvent(),
    rolloutEvent({ at: '2024-06-01T12:01:00.000Z', kind: 'step', trafficPercentage: 50, by: 'system' }),
  ],
  nextActionAt: '2024-06-01T12:02:00.000Z',
});

const panel = () => screen.findByRole('region', { name: 'Progressive rollout' });
const button = (name: string) =>
  within(screen.getByRole('group', { name: 'Rollout actions' })).getByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Deployments: the rollout panel', { timeout: 20_000 }, () => {
  it('shows the traffic, the steps, the state, a ticking countdown, the target health and the history', async () => {
    // Only Date is faked: the countdown reads the clock the test sets, its tick stays a real interval.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-06-01T12:01:15.000Z'));
    renderDeploymentsPage({ [`GET ${SLOTS}`]: splitSlots, [`GET ${ROLLOUTS}`]: [atHalf] });
    const region = await panel();
    const bar = within(region).getByRole('progressbar', { name: 'Traffic to the GREEN slot' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    const steps = within(within(region).getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['10%', '50%', '100%']);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[0]).not.toHaveAttribute('aria-current');
    expect(within(region).getByTestId('rollout-state')).toHaveTextContent('Running');
    expect(within(region).getByTestId('rollout-target-health')).toHaveTextContent('healthy');
    expect(within(region).getByTestId('rollout-countdown')).toHaveTextContent('0:45');

    vi.setSystemTime(new Date('2024-06-01T12:01:20.000Z'));
    await waitFor(() => expect(within(region).getByTestId('rollout-countdown')).toHaveTextContent('0:40'), {
      timeout: 3000,
    });

    expect(button('Pause')).toBeEnabled();
    expect(button('Promote now')).toBeEnabled();
    expect(button('Abort')).toBeEnabled();
    expect(within(region).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
    const history = within(region).getByRole('table', { name: 'Rollout history' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('System')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch Slots' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('pauses (toast, refreshed to paused), then resumes', async () => {
    let current = atHalf;
    const { fetchMock } = renderDeploymentsPage({
      [`GET ${SLOTS}`]: splitSlots,
      [`GET ${ROLLOUTS}`]: () => Response.json([current]),
      [`POST ${ACTION}`]: ({ body }) => {
        const { action } = body as { action: string };
        current = { ...atHalf, state: action === 'pause' ? 'paused' : 'running', nextActionAt: null };
        return Response.json(current);
      },
    });
    await panel();
    await waitFor(() => expect(button('Pause')).toBeEnabled());
    await userEvent.click(button('Pause'));
    expect(await screen.findByText('Rollout paused')).toBeInTheDocument();
    expect(screen.getByText('50% of traffic is on the GREEN slot.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', ACTION)[0]?.body).toEqual({ rolloutId: 'rol-1', action: 'pause' });
    expect(await screen.findByText('Paused: traffic holds where it is until resumed.')).toBeInTheDocument();
    expect(screen.queryByTestId('rollout-countdown')).not.toBeInTheDocument();

    await userEvent.click(button('Resume'));
    expect(await screen.findByText('Rollout resumed')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', ACTION)[1]?.body).toEqual({ rolloutId: 'rol-1', action: 'resume' });
  });

  it('aborts only with a reason, and toasts a refusal', async () => {
    let reply = apiError(409, 'The rollout has ended: it cannot be aborted.');
    const { fetchMock } = renderDeploymentsPage({
      [`GET ${SLOTS}`]: splitSlots,
      [`GET ${ROLLOUTS}`]: [atHalf],
      [`POST ${ACTION}`]: () => reply.clone(),
    });
    await panel();
    await waitFor(() => expect(button('Abort')).toBeEnabled());
    await userEvent.click(button('Abort'));
    const dialog = await screen.findByRole('dialog', { name: 'Abort the rollout?' });
    expect(dialog).toHaveTextContent('All traffic returns to the BLUE slot at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abort rollout' }));
    expect(await within(dialog).findByText('Give the reason for aborting')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', ACTION)).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Error rate up');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abort rollout' }));
    expect(await screen.findByText('The rollout has ended: it cannot be aborted.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', ACTION)[0]?.body).toEqual({
      rolloutId: 'rol-1',
      action: 'abort',
      reason: 'Error rate up',
    });

    reply = Response.json({ ...atHalf, state: 'aborted', trafficPercentage: 0 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abort rollout' }));
    expect(await screen.findByText('Rollout aborted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('requests an action where the policy asks approvals, as a switch does', async () => {
    const { fetchMock } = renderDeploymentsPage({
      'GET /api/approval-policy': platformPolicy(1),
      [`GET ${SLOTS}`]: splitSlots,
      [`GET ${ROLLOUTS}`]: [atHalf],
      'POST /api/change-requests': () =>
        Response.json(
          platformRequest({ id: 'chg-9', number: 9, kind: 'deployment_rollout.action', title: 'x' }),
          {
            status: 201,
          },
        ),
    });
    await panel();
    await waitFor(() => expect(button('Promote now')).toBeEnabled());
    await userEvent.click(button('Promote now'));
    const request = await screen.findByRole('dialog', {
      name: 'Request: promote now the rollout of Dashboard in Production',
    });
    await userEvent.click(within(request).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #9 created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({
      change: { kind: 'deployment_rollout.action', body: { rolloutId: 'rol-1', action: 'promote' } },
    });
    expect(requestsTo(fetchMock, 'POST', ACTION)).toEqual([]);
  });

  it('pauses and aborts at once where the policy asks approvals: they move toward safety', async () => {
    const { fetchMock } = renderDeploymentsPage({
      'GET /api/approval-policy': platformPolicy(1),
      [`GET ${SLOTS}`]: splitSlots,
      [`GET ${ROLLOUTS}`]: [atHalf],
      [`POST ${ACTION}`]: () => Response.json({ ...atHalf, state: 'paused', nextActionAt: null }),
    });
    await panel();
    await waitFor(() => expect(button('Pause')).toBeEnabled());
    await userEvent.click(button('Pause'));
    expect(await screen.findByText('Rollout paused')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', ACTION)[0]?.body).toEqual({ rolloutId: 'rol-1', action: 'pause' });
    await userEvent.click(button('Abort'));
    const dialog = await screen.findByRole('dialog', { name: 'Abort the rollout?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Error rate up');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abort rollout' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'POST', ACTION)).toHaveLength(2));
    expect(requestsTo(fetchMock, 'POST', ACTION)[1]?.body).toMatchObject({ action: 'abort' });
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')).toEqual([]);
    expect(screen.queryByRole('dialog', { name: /^Request:/ })).not.toBeInTheDocument();
  });

  it('turns an action the policy refused since the page loaded into a request', async () => {
    renderDeploymentsPage({
      [`GET ${SLOTS}`]: splitSlots,
      [`GET ${ROLLOUTS}`]: [atHalf],
      // The policy's refusal: a 409 carrying APPROVAL_REQUIRED.
      [`POST ${ACTION}`]: () =>
        Response.json(
          { message: 'Platform Production changes need 1 approval', code: 'APPROVAL_REQUIRED' },
          { status: 409 },
        ),
    });
    await panel();
    await waitFor(() => expect(button('Promote now')).toBeEnabled());
    await userEvent.click(button('Promote now'));
    expect(await screen.findByText('Approval now required')).toBeInTheDocument();
    expect(
      await screen.findByRole('dialog', {
        name: 'Request: promote now the rollout of Dashboard in Production',
      }),
    ).toBeInTheDocument();
  });

  it('calls out a rollout the runner rolled back automatically', async () => {
    renderDeploymentsPage({ [`GET ${ROLLOUTS}`]: [rolledBack()] });
    const alert = await screen.findByTestId('rollout-rolled-back');
    expect(alert).toHaveTextContent(
      'Rolled back automatically: Rolled back: green slot turned unhealthy (HTTP 503)',
    );
    expect(screen.queryByRole('region', { name: 'Progressive rollout' })).not.toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent rollouts' });
    expect(within(recent).getByText('Aborted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch Slots' })).toBeEnabled();
  });

  it('shows no alert for a rollout aborted by a person, and disables the buttons for non-administrators', async () => {
    const byHand = rollout({
      id: 'rol-2',
      state: 'aborted',
      reason: 'Error rate up',
      events: [
        rolloutEvent(),
        rolloutEvent({ kind: 'aborted', trafficPercentage: 0, reason: 'Error rate up' }),
      ],
    });
    renderDeploymentsPage({ [`GET ${ROLLOUTS}`]: [atHalf, byHand], [`GET ${SLOTS}`]: splitSlots }, 'user');
    await panel();
    expect(button('Pause')).toBeDisabled();
    expect(button('Abort')).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Recent rollouts' })).toHaveTextContent('Error rate up');
    expect(screen.queryByTestId('rollout-rolled-back')).not.toBeInTheDocument();
  });
});
