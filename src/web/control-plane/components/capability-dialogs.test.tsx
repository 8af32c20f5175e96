import { screen, waitFor, within } from '@testing-library/react';
import { editorValue, findCodeEditor, setEditorValue } from '@/test/code-editor';
import userEvent from '@testing-library/user-event';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { ConfigureCapabilityDialog } from '@/control-plane/components/configure-capability-dialog';
import {
  bodyOf,
  calls,
  makeCapability,
  makeChangeRequest,
  makePolicy,
  makeTenant,
  makeVersion,
  polyfillPointer,
  stubApi,
} from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';
import { makeMe } from '@/test/me';

const ACTIVE = '/api/capability-subscriptions/versions/active/tenant-001/production/us-east-1';
const HISTORY = '/api/capability-subscriptions/versions/history/tenant-001/api-001/production/us-east-1';
const POLICY = '/api/tenants/tenant-001/approval-policy';

// Radix dialogs and selects under user-event are slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The dialog with no environment or region chosen, behind an opener. */
function DialogHarness({ tenant = makeTenant() }: { tenant?: Tenant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <ConfigureCapabilityDialog
        open={open}
        onOpenChange={setOpen}
        tenant={tenant}
        capability={makeCapability(1)}
        initial={{ configuration: '{\n  "a": 1\n}' }}
      />
    </>
  );
}

describe('Configure Capability dialog', () => {
  it('keeps submit disabled until environment and region are chosen, and resets on every opening', async () => {
    stubApi({});
    renderControlPlane(<DialogHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Capability' });
    const submit = within(dialog).getByRole('button', { name: 'Save Configuration' });
    expect(submit).toBeDisabled();

    await userEvent.click(within(dialog).getByLabelText('Environment'));
    await userEvent.click(await screen.findByRole('option', { name: 'UAT' }));
    expect(submit).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Region'));
    await userEvent.click(await screen.findByRole('option', { name: 'us-west-2' }));
    expect(submit).toBeEnabled();
    const configuration = await findCodeEditor('Configuration (JSON)', dialog);
    setEditorValue(configuration, 'changed');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const reopened = await screen.findByRole('dialog', { name: 'Configure Capability' });
    expect(within(reopened).getByRole('button', { name: 'Save Configuration' })).toBeDisabled();
    expect(editorValue(await findCodeEditor('Configuration (JSON)', reopened))).toBe('{\n  "a": 1\n}');
  });

  it("offers only the tenant's enabled environments and the regions each accepts, saying why", async () => {
    stubApi({});
    const tenant = makeTenant({
      uatEnabled: false,
      allowedRegions: ['us-east-1', 'eu-west-1', 'eu-central-1'],
      environmentRegionPolicies: JSON.stringify([{ environment: 'production', regions: ['eu-central-1'] }]),
    });
    renderControlPlane(<DialogHarness tenant={tenant} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Capability' });
    expect(within(dialog).getByLabelText('Region')).toBeDisabled();

    const environment = within(dialog).getByLabelText('Environment');
    expect(environment).toHaveAccessibleDescription('Only enabled environments are listed (UAT is off)');
    await userEvent.click(environment);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Development',
      'Production',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Development' }));
    const region = within(dialog).getByLabelText('Region');
    expect(region).toHaveAccessibleDescription("Only the tenant's allowed regions are listed");
    await userEvent.click(region);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'us-east-1',
      'eu-west-1',
      'eu-central-1',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'eu-west-1' }));

    // Production's override does not take eu-west-1: the choice is cleared rather than refused on save.
    await userEvent.click(environment);
    await userEvent.click(await screen.findByRole('option', { name: 'Production' }));
    expect(within(dialog).getByRole('button', { name: 'Save Configuration' })).toBeDisabled();
    expect(region).toHaveAccessibleDescription('Only regions allowed for Production are listed');
    await userEvent.click(region);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['eu-central-1']);
  });

  it('creates a version, toasts and refreshes the active list', async () => {
    let active = [makeVersion({ version: 1 })];
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${POLICY}`]: makePolicy(0),
      [`GET ${ACTIVE}`]: () => Response.json(active),
      'POST /api/capability-subscriptions/versions': () => {
        active = [makeVersion({ id: 'ver-2', version: 2, configuration: '{"rateLimit":500}' })];
        return Response.json(active[0], { status: 201 });
      },
    });
    renderControlPlane();
    const card = await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Update Configuration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Capability' });
    const configuration = await findCodeEditor('Configuration (JSON)', dialog);
    expect(editorValue(configuration)).toBe('{\n  "rateLimit": 100\n}');
    setEditorValue(configuration, '{"rateLimit":500}');
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'More traffic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));

    expect(await screen.findByText('Configuration saved')).toBeInTheDocument();
    expect(screen.getByText('New version created successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/capability-subscriptions/versions')).toEqual({
      subscriptionId: 'sub-tenant-001-api-001',
      tenantId: 'tenant-001',
      capabilityId: 'api-001',
      environment: 'production',
      region: 'us-east-1',
      configuration: '{"rateLimit":500}',
      notes: 'More traffic',
    });
    expect(await within(card).findByText('Version 2')).toBeInTheDocument();
    expect(calls(fetchMock).filter((url) => url === ACTIVE)).toHaveLength(2);
  });

  it("shows the server's configuration issues beside the field and an 'Error' toast", async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE}`]: [],
      'POST /api/capability-subscriptions/versions': () =>
        Response.json(
          {
            message: 'Field rateLimit must be an integer',
            code: 'VALIDATION_FAILED',
            issues: [
              {
                path: 'body.configuration.rateLimit',
                message: 'Field rateLimit must be an integer',
                detail: '/rateLimit: must be integer',
              },
            ],
          },
          { status: 400 },
        ),
    });
    renderControlPlane();
    const card = await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Capability' });
    const configuration = await findCodeEditor('Configuration (JSON)', dialog);
    expect(editorValue(configuration)).toBe('{}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    expect(await within(dialog).findByText('Field rateLimit must be an integer')).toBeInTheDocument();
    await waitFor(() => expect(configuration).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Error')).toBeInTheDocument();
    // The toast says it in plain words; the validator's own text is one click away.
    const toast = screen.getByText('Error').closest('li')!;
    expect(within(toast).getByText('Field rateLimit must be an integer')).toBeInTheDocument();
    await userEvent.click(within(toast).getByText('Details'));
    expect(within(toast).getByText('/rateLimit: must be integer', { exact: false })).toBeVisible();
  });

  it("falls back to 'Failed to create configuration version'", async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE}`]: [],
      'POST /api/capability-subscriptions/versions': () => new Response('', { status: 502 }),
    });
    renderControlPlane();
    const card = await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Capability' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Failed to create configuration version')).toBeInTheDocument();
  });
});

describe('Configure Capability dialog where production needs approval', () => {
  const developer = makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'developer' }] });

  it('requests the change instead of saving it, and the card keeps its version', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${POLICY}`]: makePolicy(1),
      [`GET ${ACTIVE}`]: [makeVersion({ version: 1 })],
      'POST /api/change-requests': () => Response.json(makeChangeRequest(), { status: 201 }),
    });
    renderControlPlane(undefined, { me: developer });
    const card = await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Update Configuration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Capability' });
    expect(
      await within(dialog).findByText(
        'Production changes of this tenant need 1 approval: this creates a change request.',
      ),
    ).toBeInTheDocument();
    // Only global administrators may bypass.
    expect(within(dialog).queryByRole('checkbox', { name: 'Bypass approval' })).not.toBeInTheDocument();
    setEditorValue(await findCodeEditor('Configuration (JSON)', dialog), '{"rateLimit":500}');
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), 'Black Friday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));

    expect(await screen.findByText('Change request #7 created')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/change-requests')).toEqual({
      change: {
        kind: 'configuration.create',
        body: {
          subscriptionId: 'sub-tenant-001-api-001',
          tenantId: 'tenant-001',
          capabilityId: 'api-001',
          environment: 'production',
          region: 'us-east-1',
          configuration: '{"rateLimit":500}',
          notes: null,
        },
      },
      description: 'Black Friday',
    });
    expect(calls(fetchMock, 'POST')).toEqual(['/api/change-requests']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Nothing applied: the active list is not read again and the card shows version 1.
    expect(within(card).getByText('Version 1')).toBeInTheDocument();
    expect(calls(fetchMock).filter((url) => url === ACTIVE)).toHaveLength(1);
  });

  it("shows the change's configuration issues beside the field", async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${POLICY}`]: makePolicy(1),
      [`GET ${ACTIVE}`]: [],
      'POST /api/change-requests': () =>
        Response.json(
          {
            message: 'Field rateLimit must be an integer',
            code: 'VALIDATION_FAILED',
            issues: [
              {
                path: 'body.change.body.configuration.rateLimit',
                message: 'Field rateLimit must be an integer',
              },
            ],
          },
          { status: 400 },
        ),
    });
    renderControlPlane(undefined, { me: developer });
    const card = await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Capability' });
    const configuration = await findCodeEditor('Configuration (JSON)', dialog);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Request change' }));
    expect(await within(dialog).findByText('Field rateLimit must be an integer')).toBeInTheDocument();
    await waitFor(() => expect(configuration).toHaveAttribute('aria-invalid', 'true'));
  });

  it('turns into a request when the server answers 409 APPROVAL_REQUIRED', async () => {
    let production = 0;
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${POLICY}`]: () => Response.json(makePolicy(production)),
      [`GET ${ACTIVE}`]: [],
      'POST /api/capability-subscriptions/versions': () => {
        production = 1;
        return Response.json(
          {
            message: 'This tenant’s production changes need an approval: request the change instead',
            code: 'APPROVAL_REQUIRED',
          },
          { status: 409 },
        );
      },
      'POST /api/change-requests': () => Response.json(makeChangeRequest({ number: 8 }), { status: 201 }),
    });
    renderControlPlane(undefined, { me: developer });
    const card = await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Configure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure Capability' });
    const save = within(dialog).getByRole('button', { name: 'Save Configuration' });
    // Enabled once the policy (none) is read.
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('Approval now required')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #8 created')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual([
      '/api/capability-subscriptions/versions',
      '/api/change-requests',
    ]);
  });
});

describe('Configuration Version History dialog', () => {
  const versions = [
    makeVersion({ id: 'ver-3', version: 3, configuration: '{"a":1,"b":2}', notes: 'Third' }),
    makeVersion({
      id: 'ver-2',
      version: 2,
      isActive: false,
      status: 'inactive',
      configuration: '{"a":1,"c":3}',
    }),
    makeVersion({ id: 'ver-1', version: 1, isActive: false, status: 'inactive', configuration: '{}' }),
  ];

  async function openHistory() {
    const card = await screen.findByRole('article', { name: 'Capability 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'History' }));
    return screen.findByRole('dialog', { name: 'Configuration Version History' });
  }

  it("marks the active version 'Active', offers Activate on the others and shows their difference", async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE}`]: [versions[0]],
      [`GET ${HISTORY}`]: versions,
    });
    renderControlPlane();
    const dialog = await openHistory();
    const items = await within(dialog).findAllByTestId('history-version');
    expect(items.map((item) => within(item).getByText(/^Version \d$/).textContent)).toEqual([
      'Version 3',
      'Version 2',
      'Version 1',
    ]);
    expect(within(items[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(within(items[0]!).getByText('Third')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/admin@example\.com/)).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Active')).not.toBeInTheDocument();

    const diff = within(items[1]!).getByTestId('history-diff');
    // The difference is computed only when opened.
    expect(diff.querySelectorAll('[data-diff]')).toHaveLength(0);
    await userEvent.click(within(diff).getByText('Difference from the active version 3'));
    expect([...diff.querySelectorAll('[data-diff=removed]')].map((l) => l.textContent)).toEqual([
      '-   "b": 2',
    ]);
    expect([...diff.querySelectorAll('[data-diff=added]')].map((l) => l.textContent)).toEqual(['+   "c": 3']);
  });

  it('requests an activation where production needs approval', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${POLICY}`]: makePolicy(1),
      [`GET ${ACTIVE}`]: [versions[0]],
      [`GET ${HISTORY}`]: versions,
      'POST /api/change-requests': () =>
        Response.json(makeChangeRequest({ number: 9, kind: 'configuration.activate' }), { status: 201 }),
    });
    renderControlPlane();
    const dialog = await openHistory();
    const items = await within(dialog).findAllByTestId('history-version');
    const activate = within(items[1]!).getByRole('button', { name: 'Activate' });
    await waitFor(() => expect(activate).toBeEnabled());
    await userEvent.click(activate);
    const request = await screen.findByRole('dialog', { name: 'Request: activate version 2' });
    await userEvent.click(within(request).getByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #9 created')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/api/change-requests')).toEqual({
      change: { kind: 'configuration.activate', versionId: 'ver-2' },
    });
    expect(calls(fetchMock, 'POST')).toEqual(['/api/change-requests']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('activates a version, toasts, refreshes and closes', async () => {
    let history = versions;
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE}`]: () => Response.json(history.filter((v) => v.isActive)),
      [`GET ${HISTORY}`]: () => Response.json(history),
      'POST /api/capability-subscriptions/versions/ver-2/activate': () => {
        history = versions.map((v) => ({ ...v, isActive: v.id === 'ver-2' }));
        return Response.json(history[1]);
      },
    });
    renderControlPlane();
    const dialog = await openHistory();
    const items = await within(dialog).findAllByTestId('history-version');
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('Version activated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = screen.getByRole('article', { name: 'Capability 1' });
    expect(await within(card).findByText('Version 2')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual(['/api/capability-subscriptions/versions/ver-2/activate']);
  });

  it("falls back to 'Failed to activate version' and keeps the dialog open", async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE}`]: [versions[0]],
      [`GET ${HISTORY}`]: versions,
      'POST /api/capability-subscriptions/versions/ver-2/activate': () => new Response('', { status: 500 }),
    });
    renderControlPlane();
    const dialog = await openHistory();
    const items = await within(dialog).findAllByTestId('history-version');
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Failed to activate version')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Configuration Version History' })).toBeInTheDocument();
  });

  it("reads 'No version history available' when the history is empty or fails", async () => {
    stubApi({
      'GET /api/tenants/tenant-001': makeTenant(),
      'GET /api/capabilities': [makeCapability(1)],
      [`GET ${ACTIVE}`]: [versions[0]],
      [`GET ${HISTORY}`]: () => new Response('boom', { status: 500 }),
    });
    renderControlPlane();
    const dialog = await openHistory();
    expect(await within(dialog).findByText('No version history available')).toBeInTheDocument();
  });
});
