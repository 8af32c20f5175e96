import type { BlueGreenConfig, DeploymentEvent } from '@contract/blue-green';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeMe } from '@/test/me';
import {
  bodyOf,
  calls,
  makeChangeRequest,
  makePolicy,
  makeTenant,
  polyfillPointer,
  stubApi,
} from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';

const TENANT = '/api/tenants/tenant-001';
const POLICY = '/api/tenants/tenant-001/approval-policy';

// Radix dialogs and selects under user-event are slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => {
  vi.unstubAllGlobals();
});

const event = (n: number, action = 'switch'): DeploymentEvent => ({
  action,
  fromSlot: n % 2 ? 'blue' : 'green',
  fromVersion: `1.${n - 1}.0`,
  toSlot: n % 2 ? 'green' : 'blue',
  toVersion: `1.${n}.0`,
  timestamp: `2024-03-0${n}T10:00:00.000Z`,
});

const config: BlueGreenConfig = {
  production: {
    enabled: true,
    activeSlot: 'green',
    blueVersion: '1.5.0',
    greenVersion: '1.6.0',
    deploymentHistory: [1, 2, 3, 4, 5, 6].map((n) => event(n, n === 6 ? 'rollback' : 'switch')),
  },
  uat: { enabled: true, activeSlot: null, blueVersion: '', greenVersion: '', deploymentHistory: [] },
};

function render(tenantOverrides = {}, routes: Record<string, unknown> = {}) {
  const fetchMock = stubApi({
    [`GET ${TENANT}`]: makeTenant({ blueGreenConfig: JSON.stringify(config), ...tenantOverrides }),
    ...routes,
  });
  renderControlPlane();
  return fetchMock;
}

const section = (environment: string) => screen.findByTestId(`blue-green-${environment}`);

async function openConfiguration() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Configuration' }));
}

describe('Blue-Green Deployment', () => {
  it('shows sections only for enabled environments among production and UAT', async () => {
    render({ uatEnabled: false });
    await openConfiguration();
    expect(await section('production')).toBeInTheDocument();
    expect(screen.queryByTestId('blue-green-uat')).not.toBeInTheDocument();
    expect(screen.queryByTestId('blue-green-development')).not.toBeInTheDocument();
  });

  it('disables Switch Slot without an active slot and Rollback without history', async () => {
    render();
    await openConfiguration();
    const uat = await section('uat');
    expect(within(uat).getByRole('button', { name: 'Switch Slot' })).toBeDisabled();
    expect(within(uat).getByRole('button', { name: 'Rollback' })).toBeDisabled();
    expect(within(uat).getByText('No active slot')).toBeInTheDocument();
    const production = await section('production');
    expect(within(production).getByRole('button', { name: 'Switch Slot' })).toBeEnabled();
    expect(within(production).getByRole('button', { name: 'Rollback' })).toBeEnabled();
    expect(within(production).getByTestId('active-slot')).toHaveTextContent('GREEN');
  });

  it('lists the last five events newest first, switch in the default style and others secondary', async () => {
    render();
    await openConfiguration();
    const events = within(await section('production')).getAllByTestId('deployment-event');
    expect(events).toHaveLength(5);
    expect(events.map((e) => within(e).getByTestId('deployment-action').textContent)).toEqual([
      'rollback',
      'switch',
      'switch',
      'switch',
      'switch',
    ]);
    expect(events[0]).toHaveTextContent('GREEN (1.5.0) → BLUE (1.6.0)');
    expect(events[4]).toHaveTextContent('GREEN (1.1.0) → BLUE (1.2.0)');
    expect(within(events[0]!).getByTestId('deployment-action')).toHaveAttribute('data-variant', 'secondary');
    expect(within(events[1]!).getByTestId('deployment-action')).toHaveAttribute('data-variant', 'default');
  });

  it('sends a slot version on blur only when non-empty and changed', async () => {
    const reply = { ...config, production: { ...config.production!, blueVersion: '2.0.0' } };
    const fetchMock = render(
      {},
      { [`POST ${TENANT}/update-environment-slot-version`]: { blueGreenConfig: JSON.stringify(reply) } },
    );
    await openConfiguration();
    const production = await section('production');
    const blue = within(production).getByLabelText('Blue Slot Version');
    await userEvent.clear(blue);
    await userEvent.tab();
    await userEvent.click(blue);
    await userEvent.type(blue, '   ');
    await userEvent.tab();
    expect(calls(fetchMock, 'POST')).toEqual([]);

    await userEvent.clear(blue);
    await userEvent.type(blue, '2.0.0');
    await userEvent.tab();
    expect(await screen.findByText('Version Updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `${TENANT}/update-environment-slot-version`)).toEqual({
      environment: 'production',
      slot: 'blue',
      version: '2.0.0',
    });
    await waitFor(() => expect(within(production).getByLabelText('Blue Slot Version')).toHaveValue('2.0.0'));
    // Blurring again without a change sends nothing more.
    await userEvent.click(within(production).getByLabelText('Blue Slot Version'));
    await userEvent.tab();
    expect(calls(fetchMock, 'POST')).toHaveLength(1);
  });

  it('toggles blue-green and takes the returned config', async () => {
    const reply = { ...config, uat: { ...config.uat!, enabled: false } };
    const fetchMock = render(
      {},
      { [`POST ${TENANT}/toggle-environment-blue-green`]: { blueGreenConfig: JSON.stringify(reply) } },
    );
    await openConfiguration();
    const uat = await section('uat');
    const toggle = within(uat).getByRole('switch', { name: 'Blue-green deployment for UAT' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Blue-Green Deployment Updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `${TENANT}/toggle-environment-blue-green`)).toEqual({
      environment: 'uat',
      enabled: false,
    });
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('switches with the entered version (confirm disabled while empty)', async () => {
    const reply = {
      ...config,
      production: {
        ...config.production!,
        activeSlot: 'blue',
        blueVersion: '2.0.0',
        deploymentHistory: [...config.production!.deploymentHistory, event(7)],
      },
    };
    const fetchMock = render(
      {},
      {
        [`GET ${POLICY}`]: makePolicy(0),
        [`POST ${TENANT}/switch`]: { blueGreenConfig: JSON.stringify(reply) },
      },
    );
    await openConfiguration();
    const production = await section('production');
    await userEvent.click(within(production).getByRole('button', { name: 'Switch Slot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch Production Slot' });
    expect(dialog).toHaveTextContent('Switching from the GREEN slot to the BLUE slot');
    const confirm = within(dialog).getByRole('button', { name: 'Switch' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Version to deploy'), '2.0.0');
    await userEvent.click(confirm);
    // Production asks once more, starting on Cancel; nothing is sent before.
    const ask = await screen.findByRole('alertdialog', {
      name: 'Switch live Production traffic to the BLUE slot?',
    });
    expect(ask).toHaveTextContent('from the GREEN slot to the BLUE slot running 2.0.0');
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(calls(fetchMock, 'POST')).not.toContain(`${TENANT}/switch`);
    // Cancel goes back to the form with the version still typed.
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Version to deploy')).toHaveValue('2.0.0');
    await userEvent.click(confirm);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Switch Production' }),
    );
    expect(await screen.findByText('Slot Switched')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `${TENANT}/switch`)).toEqual({ environment: 'production', toVersion: '2.0.0' });
    await waitFor(() => expect(within(production).getByTestId('active-slot')).toHaveTextContent('BLUE'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches UAT on Switch, without a second confirmation', async () => {
    const uat = { ...config.uat!, activeSlot: 'blue' as const, blueVersion: '1.0.0' };
    const reply = { ...config, uat: { ...uat, activeSlot: 'green', greenVersion: '1.1.0' } };
    const fetchMock = render(
      { blueGreenConfig: JSON.stringify({ ...config, uat }) },
      { [`POST ${TENANT}/switch`]: { blueGreenConfig: JSON.stringify(reply) } },
    );
    await openConfiguration();
    await userEvent.click(within(await section('uat')).getByRole('button', { name: 'Switch Slot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch UAT Slot' });
    await userEvent.type(within(dialog).getByLabelText('Version to deploy'), '1.1.0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText('Slot Switched')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, `${TENANT}/switch`)).toEqual({ environment: 'uat', toVersion: '1.1.0' });
  });

  it("rolls back, and shows the server's message when it refuses", async () => {
    const fetchMock = render(
      {},
      {
        [`GET ${POLICY}`]: makePolicy(0),
        [`POST ${TENANT}/rollback`]: () =>
          Response.json({ message: 'Nothing to roll back', code: 'CONFLICT' }, { status: 409 }),
      },
    );
    await openConfiguration();
    await userEvent.click(within(await section('production')).getByRole('button', { name: 'Rollback' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Rollback Production: move live traffic back to the BLUE slot?',
    });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(dialog).toHaveTextContent('back from the GREEN slot to the BLUE slot');
    expect(dialog).toHaveTextContent('undo it by switching again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rollback' }));
    expect(await screen.findByText('Nothing to roll back')).toBeInTheDocument();
    expect(bodyOf(fetchMock, `${TENANT}/rollback`)).toEqual({ environment: 'production' });
  });

  it('disables blue-green controls for users without the blueGreen permission', async () => {
    stubApi({ [`GET ${TENANT}`]: makeTenant({ blueGreenConfig: JSON.stringify(config) }) });
    renderControlPlane(undefined, {
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'developer' }] }),
    });
    await openConfiguration();
    const production = await section('production');
    expect(within(production).getByRole('switch')).toBeDisabled();
    expect(within(production).getByLabelText('Blue Slot Version')).toBeDisabled();
    expect(within(production).queryByRole('button', { name: 'Switch Slot' })).not.toBeInTheDocument();
  });

  describe('where production needs approval', () => {
    const switched = {
      ...config,
      production: { ...config.production!, activeSlot: 'blue', blueVersion: '2.0.0' },
    };

    it('requests the switch without a second confirmation, and the slot stays', async () => {
      const fetchMock = render(
        {},
        {
          [`GET ${POLICY}`]: makePolicy(1),
          'POST /api/change-requests': () =>
            Response.json(makeChangeRequest({ number: 3, kind: 'tenant_blue_green.switch' }), {
              status: 201,
            }),
        },
      );
      await openConfiguration();
      const production = await section('production');
      await userEvent.click(within(production).getByRole('button', { name: 'Switch Slot' }));
      const dialog = await screen.findByRole('dialog', { name: 'Switch Production Slot' });
      expect(
        within(dialog).getByText(
          'Production changes of this tenant need 1 approval: this creates a change request.',
        ),
      ).toBeInTheDocument();
      await userEvent.type(within(dialog).getByLabelText('Version to deploy'), '2.0.0');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
      expect(await screen.findByText('Change request #3 created')).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(bodyOf(fetchMock, '/api/change-requests')).toEqual({
        change: {
          kind: 'tenant_blue_green.switch',
          tenantId: 'tenant-001',
          body: { environment: 'production', toVersion: '2.0.0' },
        },
      });
      expect(calls(fetchMock, 'POST')).toEqual(['/api/change-requests']);
      expect(within(production).getByTestId('active-slot')).toHaveTextContent('GREEN');
    });

    it('turns a new version for the live slot into a change request; the idle slot is set directly', async () => {
      const reply = { ...config, production: { ...config.production!, blueVersion: '2.0.0' } };
      const fetchMock = render(
        {},
        {
          [`GET ${POLICY}`]: makePolicy(1),
          'POST /api/change-requests': () =>
            Response.json(makeChangeRequest({ number: 4, kind: 'tenant_blue_green.slot_version' }), {
              status: 201,
            }),
          [`POST ${TENANT}/update-environment-slot-version`]: { blueGreenConfig: JSON.stringify(reply) },
        },
      );
      await openConfiguration();
      const production = await section('production');
      // Green is live in production.
      const green = within(production).getByLabelText('Green Slot Version');
      await waitFor(() =>
        expect(green).toHaveAccessibleDescription('Live: a new version here is a change request.'),
      );
      await userEvent.clear(green);
      await userEvent.type(green, '1.7.0');
      await userEvent.tab();
      const dialog = await screen.findByRole('dialog', {
        name: 'Request: GREEN slot of Production to 1.7.0',
      });
      expect(within(production).getByLabelText('Green Slot Version')).toHaveValue('1.6.0');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
      expect(await screen.findByText('Change request #4 created')).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/api/change-requests')).toEqual({
        change: {
          kind: 'tenant_blue_green.slot_version',
          tenantId: 'tenant-001',
          body: { environment: 'production', slot: 'green', version: '1.7.0' },
        },
      });
      expect(calls(fetchMock, 'POST')).toEqual(['/api/change-requests']);

      // Blue is idle: preparing it moves no traffic and needs nobody else.
      const blue = within(production).getByLabelText('Blue Slot Version');
      expect(blue).not.toHaveAccessibleDescription();
      await userEvent.clear(blue);
      await userEvent.type(blue, '2.0.0');
      await userEvent.tab();
      expect(await screen.findByText('Version Updated')).toBeInTheDocument();
      expect(calls(fetchMock, 'POST')).toEqual([
        '/api/change-requests',
        `${TENANT}/update-environment-slot-version`,
      ]);
    });

    it('requests the live slot version when the server says the policy now asks for approval', async () => {
      let production = 0;
      render(
        {},
        {
          // The page read the policy before an administrator raised it.
          [`GET ${POLICY}`]: () => Response.json(makePolicy(production)),
          [`POST ${TENANT}/update-environment-slot-version`]: () => {
            production = 1;
            return Response.json(
              {
                message: 'This tenant’s production changes need an approval: request the change instead',
                code: 'APPROVAL_REQUIRED',
              },
              { status: 409 },
            );
          },
        },
      );
      await openConfiguration();
      const green = within(await section('production')).getByLabelText('Green Slot Version');
      await userEvent.clear(green);
      await userEvent.type(green, '1.7.0');
      await userEvent.tab();
      expect(await screen.findByText('Approval now required')).toBeInTheDocument();
      const dialog = await screen.findByRole('dialog', {
        name: 'Request: GREEN slot of Production to 1.7.0',
      });
      expect(
        await within(dialog).findByText(
          'Production changes of this tenant need 1 approval: this creates a change request.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText('Failed to update slot version.')).not.toBeInTheDocument();
    });

    it('requests a production rollback in a request dialog; a bypass asks once more', async () => {
      const fetchMock = render(
        {},
        {
          [`GET ${POLICY}`]: makePolicy(1),
          'POST /api/change-requests': () =>
            Response.json(makeChangeRequest({ kind: 'tenant_blue_green.rollback', status: 'applied' }), {
              status: 201,
            }),
        },
      );
      await openConfiguration();
      await userEvent.click(within(await section('production')).getByRole('button', { name: 'Rollback' }));
      const dialog = await screen.findByRole('dialog', { name: 'Request: Rollback Production' });
      expect(dialog).toHaveTextContent('moves back from the GREEN slot to the BLUE slot');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bypass approval' }));
      await userEvent.type(within(dialog).getByLabelText('Reason'), 'Broken release');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Apply now (bypass)' }));
      const ask = await screen.findByRole('alertdialog', {
        name: 'Rollback Production: move live traffic back to the BLUE slot?',
      });
      expect(calls(fetchMock, 'POST')).toEqual([]);
      await userEvent.click(within(ask).getByRole('button', { name: 'Rollback' }));
      expect(await screen.findByText('Change applied')).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/api/change-requests')).toEqual({
        change: {
          kind: 'tenant_blue_green.rollback',
          tenantId: 'tenant-001',
          body: { environment: 'production' },
        },
        bypassReason: 'Broken release',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('lets a global administrator bypass with a reason, confirming the production switch', async () => {
      let tenant = makeTenant({ blueGreenConfig: JSON.stringify(config) });
      const fetchMock = stubApi({
        [`GET ${TENANT}`]: () => Response.json(tenant),
        [`GET ${POLICY}`]: makePolicy(1),
        'POST /api/change-requests': () => {
          tenant = makeTenant({ blueGreenConfig: JSON.stringify(switched) });
          return Response.json(
            makeChangeRequest({
              kind: 'tenant_blue_green.switch',
              status: 'applied',
              bypassReason: 'Hotfix',
            }),
            { status: 201 },
          );
        },
      });
      renderControlPlane();
      await openConfiguration();
      const production = await section('production');
      await userEvent.click(within(production).getByRole('button', { name: 'Switch Slot' }));
      const dialog = await screen.findByRole('dialog', { name: 'Switch Production Slot' });
      await userEvent.type(within(dialog).getByLabelText('Version to deploy'), '2.0.0');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Bypass approval' }));
      const apply = within(dialog).getByRole('button', { name: 'Apply now (bypass)' });
      // A bypass needs its reason.
      expect(apply).toBeDisabled();
      await userEvent.type(within(dialog).getByLabelText('Reason'), 'Hotfix');
      await userEvent.click(apply);
      // It applies at once: production still asks first, and nothing is sent before.
      const ask = await screen.findByRole('alertdialog', {
        name: 'Switch live Production traffic to the BLUE slot?',
      });
      expect(calls(fetchMock, 'POST')).toEqual([]);
      await userEvent.click(within(ask).getByRole('button', { name: 'Switch Production' }));
      expect(await screen.findByText('Change applied')).toBeInTheDocument();
      expect(bodyOf(fetchMock, '/api/change-requests')).toEqual({
        change: {
          kind: 'tenant_blue_green.switch',
          tenantId: 'tenant-001',
          body: { environment: 'production', toVersion: '2.0.0' },
        },
        bypassReason: 'Hotfix',
      });
      await waitFor(() => expect(within(production).getByTestId('active-slot')).toHaveTextContent('BLUE'));
    });
  });
});
