import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { SwitchSlotsButton } from '@/deployments/components/switch-slots-button';
import { apiError, idleSlot, liveSlot, requestsTo, stubApi } from '@/deployments/test/fixtures';
import {
  SLOTS,
  platformPolicy,
  platformRequest,
  renderDeploymentsPage,
} from '@/deployments/test/render-page';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const SWITCH = '/api/deployments/switch';
const neverChecked = idleSlot({
  healthStatus: 'unknown',
  healthCheckUrl: 'https://green.example.com/health',
});
const unhealthy = idleSlot({ healthStatus: 'unhealthy', healthReason: 'HTTP 503' });

/** Opens the switch dialog of Dashboard in `where`. */
async function openSwitchDialog(where = 'Production') {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Switch Slots' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Switch Slots' }));
  return screen.findByRole('dialog', { name: `Switch Dashboard in ${where}` });
}

/** The button alone, on `rows` in production, signed in as an administrator. */
function renderButton(props: Partial<ComponentProps<typeof SwitchSlotsButton>>) {
  stubApi({ 'GET /api/approval-policy': platformPolicy(0) });
  renderWithProviders(
    <>
      <SwitchSlotsButton
        kind="microfrontends"
        resourceId="mfe-001"
        resourceName="Dashboard"
        environment="production"
        rows={[liveSlot(), idleSlot()]}
        canSwitch
        canForce
        rolloutInProgress={false}
        {...props}
      />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Deployments: the switch dialog', { timeout: 20_000 }, () => {
  it('checks a progressive switch with the contract and shows the errors on the fields', async () => {
    const { fetchMock } = renderDeploymentsPage({});
    const dialog = await openSwitchDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Progressive/ }));
    const steps = within(dialog).getByRole('textbox', { name: 'Steps (% of traffic)' });
    const analysis = within(dialog).getByRole('spinbutton', { name: 'Analysis window (s)' });
    const watch = within(dialog).getByRole('spinbutton', { name: 'Watch window (s)' });
    expect(steps).toHaveValue('10, 50, 100');
    expect(analysis).toHaveValue(60);
    expect(watch).toHaveValue(300);

    await userEvent.clear(steps);
    await userEvent.type(steps, '50, 20');
    await userEvent.clear(analysis);
    await userEvent.type(analysis, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(await within(dialog).findByText('Steps must increase')).toBeInTheDocument();
    expect(steps).toHaveAttribute('aria-invalid', 'true');
    expect(analysis).toHaveAttribute('aria-invalid', 'true');
    expect(watch).not.toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(steps);
    await userEvent.type(steps, '10, 50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(await within(dialog).findByText('The last step must be 100')).toBeInTheDocument();

    await userEvent.clear(steps);
    await userEvent.type(steps, '10, ten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(
      await within(dialog).findByText('Steps are whole percentages, e.g. 10, 50, 100'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', SWITCH)).toEqual([]);
  });

  it('starts a progressive rollout with the options typed, after the production question', async () => {
    const { fetchMock } = renderDeploymentsPage({ [`POST ${SWITCH}`]: [liveSlot(), idleSlot()] });
    const dialog = await openSwitchDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Progressive/ }));
    const steps = within(dialog).getByRole('textbox', { name: 'Steps (% of traffic)' });
    await userEvent.clear(steps);
    await userEvent.type(steps, '25 75 100');
    const watch = within(dialog).getByRole('spinbutton', { name: 'Watch window (s)' });
    await userEvent.clear(watch);
    await userEvent.type(watch, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Start a progressive rollout of Dashboard in Production to the GREEN slot?',
    });
    expect(question).toHaveTextContent('in steps (25% → 75% → 100%)');
    await userEvent.click(within(question).getByRole('button', { name: 'Switch production traffic' }));

    expect(await screen.findByText('Progressive rollout started')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', SWITCH)[0]?.body).toEqual({
      microfrontendId: 'mfe-001',
      environment: 'production',
      fromSlot: 'blue',
      toSlot: 'green',
      progressive: { steps: [25, 75, 100], analysisWindowSeconds: 60, watchWindowSeconds: 0 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says before submitting that the target slot never passed a check; a global admin forces it with a reason', async () => {
    const { fetchMock } = renderDeploymentsPage({
      [`GET ${SLOTS}`]: [liveSlot(), neverChecked],
      'GET /api/deployments/microfrontend/mfe-001/environment/uat': [
        liveSlot({ environment: 'uat' }),
        { ...neverChecked, environment: 'uat' },
      ],
      [`POST ${SWITCH}`]: [liveSlot(), idleSlot()],
    });
    await screen.findByTestId('slot-card-green');
    await userEvent.click(screen.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'UAT' }));
    const dialog = await openSwitchDialog('UAT');
    const notice = within(dialog).getByTestId('health-gate-notice');
    expect(notice).toHaveTextContent(
      'Green slot has not passed a health check yet: the switch will be refused',
    );
    const submit = within(dialog).getByRole('button', { name: 'Switch' });
    expect(submit).toBeDisabled();

    await userEvent.click(within(notice).getByRole('checkbox', { name: 'Force switch' }));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Give the reason for forcing the switch')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', SWITCH)).toEqual([]);

    await userEvent.type(
      within(notice).getByRole('textbox', { name: 'Reason' }),
      '  Probe endpoint not wired yet ',
    );
    await userEvent.click(submit);
    expect(await screen.findByText('Deployment switched')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', SWITCH)[0]?.body).toEqual({
      microfrontendId: 'mfe-001',
      environment: 'uat',
      fromSlot: 'blue',
      toSlot: 'green',
      force: true,
      forceReason: 'Probe endpoint not wired yet',
    });
  });

  it('switches without forcing to a slot with no health check, saying it is not checked', async () => {
    const unchecked = idleSlot({ healthStatus: 'unknown', healthCheckUrl: null });
    const { fetchMock } = renderDeploymentsPage({
      'GET /api/deployments/microfrontend/mfe-001/environment/uat': [
        liveSlot({ environment: 'uat' }),
        { ...unchecked, environment: 'uat' },
      ],
      [`POST ${SWITCH}`]: [liveSlot(), idleSlot()],
    });
    await screen.findByTestId('slot-card-green');
    await userEvent.click(screen.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'UAT' }));
    const dialog = await openSwitchDialog('UAT');
    expect(within(dialog).getByTestId('health-not-checked')).toHaveTextContent(
      'The GREEN slot has no health check: not checked.',
    );
    expect(within(dialog).queryByTestId('health-gate-notice')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('Deployment switched')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', SWITCH)[0]?.body).toEqual({
      microfrontendId: 'mfe-001',
      environment: 'uat',
      fromSlot: 'blue',
      toSlot: 'green',
    });
  });

  it("toasts the server's refusal of an unforced switch to a slot that turned unhealthy meanwhile", async () => {
    renderDeploymentsPage({
      'GET /api/deployments/microfrontend/mfe-001/environment/uat': [
        liveSlot({ environment: 'uat' }),
        idleSlot({ environment: 'uat' }),
      ],
      [`POST ${SWITCH}`]: apiError(409, 'Green slot is unhealthy (HTTP 503): switch refused'),
    });
    await screen.findByTestId('slot-card-green');
    await userEvent.click(screen.getByRole('combobox', { name: 'Environment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'UAT' }));
    const dialog = await openSwitchDialog('UAT');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('Switch failed')).toBeInTheDocument();
    expect(screen.getByText('Green slot is unhealthy (HTTP 503): switch refused')).toBeInTheDocument();
  });

  it('tells someone who may not force why the switch to an unhealthy slot cannot go ahead', async () => {
    renderButton({ rows: [liveSlot(), unhealthy], canForce: false });
    const dialog = await openSwitchDialog();
    const notice = within(dialog).getByTestId('health-gate-notice');
    expect(notice).toHaveTextContent('Green slot is unhealthy (HTTP 503): the switch will be refused');
    expect(notice).toHaveTextContent('Only a global administrator can force a switch');
    expect(within(notice).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Switch' })).toBeDisabled();
  });

  it('requests a progressive production switch where the policy asks approvals, then focuses Switch Slots', async () => {
    // jsdom lays nothing out; the dialogs give focus back only to a control that is on screen.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue(
      Object.assign([new DOMRect(0, 0, 80, 32)], { item: () => null }),
    );
    const { fetchMock } = renderDeploymentsPage({
      'GET /api/approval-policy': platformPolicy(1),
      'POST /api/change-requests': () =>
        Response.json(
          platformRequest({ id: 'chg-7', number: 7, kind: 'microfrontend_deployment.switch', title: 'x' }),
          { status: 201 },
        ),
    });
    const dialog = await openSwitchDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Progressive/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to request' }));
    const request = await screen.findByRole('dialog', { name: 'Request: switch Dashboard in Production' });
    await userEvent.click(within(request).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #7 created')).toBeInTheDocument();
    // The request dialog took the switch dialog's place: focus goes back to what opened the first.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Switch Slots' })).toHaveFocus());
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toMatchObject({
      change: {
        kind: 'microfrontend_deployment.switch',
        body: {
          microfrontendId: 'mfe-001',
          progressive: { steps: [10, 50, 100], analysisWindowSeconds: 60, watchWindowSeconds: 300 },
        },
      },
    });
    expect(requestsTo(fetchMock, 'POST', SWITCH)).toEqual([]);
  });

  it('holds Switch while a rollout is in progress: it keeps focus and a press opens nothing', async () => {
    renderButton({ rolloutInProgress: true });
    const button = await screen.findByRole('button', { name: 'Switch Slots' });
    // Not disabled: a rollout starting while it has focus (the switch just approved) keeps it there.
    await waitFor(() => expect(button).not.toHaveAttribute('disabled'));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('title', 'A rollout is in progress: promote or abort it first');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
