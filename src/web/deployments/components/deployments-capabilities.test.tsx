import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { DeploymentsPage } from '@/deployments/components/deployments-page';
import {
  capabilities,
  capabilitySlot,
  idleSlot,
  liveSlot,
  makeVersion,
  microfrontends,
  optionsOf,
  requestsTo,
  stubApi,
} from '@/deployments/test/fixtures';
import { platformPolicy, platformRequest } from '@/deployments/test/render-page';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const CAP_SLOTS = '/api/capability-deployments/capability/api-001/environment/production';
const MFE_SLOTS = '/api/deployments/microfrontend/mfe-001/environment/production';
function renderPage(handlers: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({
    'GET /api/microfrontends/options': optionsOf(microfrontends),
    'GET /api/capabilities/options': optionsOf(capabilities),
    'GET /api/microfrontend-versions/microfrontend/mfe-001': [makeVersion('mfv-120', '1.2.0')],
    'GET /api/microfrontend-versions/microfrontend/mfe-001/published': [
      makeVersion('mfv-130', '1.3.0'),
      makeVersion('mfv-120', '1.2.0'),
    ],
    [`GET ${MFE_SLOTS}`]: [liveSlot(), idleSlot()],
    [`GET ${CAP_SLOTS}`]: [
      capabilitySlot(),
      capabilitySlot({
        id: 'capd-green',
        slot: 'green',
        version: '3.2.0',
        status: 'inactive',
        trafficPercentage: 0,
        activatedAt: null,
      }),
    ],
    ...handlers,
  });
  renderWithProviders(
    <>
      <DeploymentsPage />
      <Toaster />
    </>,
    { path: '/deployments', queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  return fetchMock;
}

const field = (slot: 'blue' | 'green', name: string) =>
  within(screen.getByTestId(`slot-card-${slot}`)).getByTestId(`slot-${name}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeploymentsPage: capabilities and deploying', { timeout: 20_000 }, () => {
  it('the capability picker searches on the server and keeps the choice in the address', async () => {
    const fetchMock = renderPage({
      'GET /api/capability-deployments/capability/api-002/environment/production': [],
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Capabilities' }));
    const picker = screen.getByRole('combobox', { name: 'Capability' });
    await waitFor(() => expect(picker).toHaveTextContent('Identity & Access Service'));
    await userEvent.click(picker);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search Capability' }), 'pay');
    const searches = () =>
      requestsTo(fetchMock, 'GET', '/api/capabilities/options').map((request) =>
        new URL(request.url, 'http://localhost').searchParams.get('q'),
      );
    // Debounced: the settled text only, never one request per keystroke.
    await waitFor(() => expect(searches()).toContain('pay'));
    expect(searches()).not.toContain('pa');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await userEvent.click(screen.getByRole('option', { name: /Payments/ }));

    await waitFor(() => expect(picker).toHaveTextContent('Payments'));
    expect(
      await screen.findByText('No deployments found for this capability and environment'),
    ).toBeInTheDocument();
  });

  it('the Capabilities tab lists capabilities, shows their slots and switches with capabilityId', async () => {
    const fetchMock = renderPage({
      'GET /api/approval-policy': platformPolicy(0),
      'POST /api/capability-deployments/switch': [capabilitySlot()],
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Capabilities' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Capability' })).toHaveTextContent(
        'Identity & Access Service',
      ),
    );
    await waitFor(() => expect(field('green', 'version')).toHaveTextContent('3.2.0'));
    expect(field('blue', 'version')).toHaveTextContent('3.2.1');
    expect(field('blue', 'deployed-url')).toHaveTextContent('https://blue.api.example.com/identity/');

    await userEvent.click(screen.getByRole('button', { name: 'Switch Slots' }));
    await userEvent.click(
      within(
        await screen.findByRole('dialog', { name: 'Switch Identity & Access Service in Production' }),
      ).getByRole('button', { name: 'Switch' }),
    );
    await userEvent.click(
      within(
        await screen.findByRole('alertdialog', {
          name: 'Switch Identity & Access Service in Production to the GREEN slot?',
        }),
      ).getByRole('button', { name: 'Switch production traffic' }),
    );
    expect(await screen.findByText('Deployment switched')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/capability-deployments/switch')[0]?.body).toEqual({
      capabilityId: 'api-001',
      environment: 'production',
      fromSlot: 'blue',
      toSlot: 'green',
    });
  });

  it('requests a production switch where the platform policy asks for approval', async () => {
    const fetchMock = renderPage({
      'GET /api/approval-policy': platformPolicy(1),
      'POST /api/change-requests': () =>
        Response.json(
          platformRequest({
            id: 'chg-5',
            number: 5,
            kind: 'capability_deployment.switch',
            title: 'Capability slot switch',
          }),
          { status: 201 },
        ),
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Capabilities' }));
    await waitFor(() => expect(field('green', 'version')).toHaveTextContent('3.2.0'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Switch Slots' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Switch Slots' }));
    await userEvent.click(
      within(
        await screen.findByRole('dialog', { name: 'Switch Identity & Access Service in Production' }),
      ).getByRole('button', { name: 'Continue to request' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Request: switch Identity & Access Service in Production',
    });
    expect(
      within(dialog).getByText('Platform Production changes need 1 approval: this creates a change request.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #5 created')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/capability-deployments/switch')).toEqual([]);
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({
      change: {
        kind: 'capability_deployment.switch',
        body: { capabilityId: 'api-001', environment: 'production', fromSlot: 'blue', toSlot: 'green' },
      },
    });
  });

  it("says 'No deployments found for this capability and environment'", async () => {
    renderPage({ [`GET ${CAP_SLOTS}`]: [] });
    await userEvent.click(screen.getByRole('tab', { name: 'Capabilities' }));
    expect(
      await screen.findByText('No deployments found for this capability and environment'),
    ).toBeInTheDocument();
  });

  it("requests an environment's first deployment where the platform policy asks for approval", async () => {
    const fetchMock = renderPage({
      'GET /api/approval-policy': platformPolicy(1),
      [`GET ${CAP_SLOTS}`]: [],
      'POST /api/change-requests': () =>
        Response.json(
          platformRequest({
            id: 'chg-6',
            number: 6,
            kind: 'capability_deployment.deploy',
            title: 'First capability deployment',
          }),
          { status: 201 },
        ),
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Capabilities' }));
    expect(
      await screen.findByText('No deployments found for this capability and environment'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deploy to idle slot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deploy to idle slot' });
    await waitFor(() =>
      expect(dialog).toHaveTextContent('It needs approval, so it becomes a change request.'),
    );
    await userEvent.type(within(dialog).getByLabelText('Version'), '1.0.0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to request' }));

    const requestDialog = await screen.findByRole('dialog', {
      name: 'Request: first deployment of Identity & Access Service in Production',
    });
    expect(requestDialog).toHaveTextContent('once applied, 1.0.0 goes live on the blue slot');
    await userEvent.click(within(requestDialog).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #6 created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/capability-deployments/deploy')).toEqual([]);
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({
      change: {
        kind: 'capability_deployment.deploy',
        body: { capabilityId: 'api-001', environment: 'production', version: '1.0.0', endpoint: null },
      },
    });
  });

  it('deploys a published microfrontend version to the idle slot', async () => {
    let rows = [liveSlot(), idleSlot()];
    const fetchMock = renderPage({
      [`GET ${MFE_SLOTS}`]: () => Response.json(rows),
      'POST /api/deployments/deploy': () => {
        rows = [liveSlot(), idleSlot({ versionId: 'mfv-130', deployedAt: '2024-06-01T00:00:00.000Z' })];
        return Response.json(rows);
      },
    });
    await screen.findByTestId('slot-card-blue');
    await userEvent.click(screen.getByRole('button', { name: 'Deploy to idle slot' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The green slot of Dashboard in Production gets this version');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await within(dialog).findByText('Version is required')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Version' }));
    await userEvent.click(await screen.findByRole('option', { name: '1.3.0' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deploy' }));

    expect(await screen.findByText('Deployed to idle slot')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/deployments/deploy')[0]?.body).toEqual({
      microfrontendId: 'mfe-001',
      environment: 'production',
      versionId: 'mfv-130',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deploys a capability version (and endpoint) to the idle slot; a refusal toasts Error', async () => {
    let fail = true;
    const fetchMock = renderPage({
      'POST /api/capability-deployments/deploy': () =>
        fail
          ? Response.json({ message: 'Capability not found', code: 'NOT_FOUND' }, { status: 404 })
          : Response.json([capabilitySlot()]),
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Capabilities' }));
    await waitFor(() => expect(field('green', 'version')).toHaveTextContent('3.2.0'));
    await userEvent.click(screen.getByRole('button', { name: 'Deploy to idle slot' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Version'), '3.3.0');
    await userEvent.type(within(dialog).getByLabelText('Endpoint'), 'https://api.example.com/identity/v4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText('Capability not found')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText('Deployed to idle slot')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/capability-deployments/deploy')[1]?.body).toEqual({
      capabilityId: 'api-001',
      environment: 'production',
      version: '3.3.0',
      endpoint: 'https://api.example.com/identity/v4',
    });
  });
});
