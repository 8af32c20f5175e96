import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import type { Tenant } from '@contract/tenants';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VersionHistoryDialog } from '@/control-plane/components/version-history-dialog';
import {
  bodyOf,
  calls,
  makeChangeRequest,
  makePolicy,
  makeTenant,
  makeVersion,
  polyfillPointer,
  stubApi,
} from '@/test/control-plane-fixtures';
import { renderControlPlane } from '@/test/render-control-plane';

const VERSIONS = '/api/capability-subscriptions/versions';
const POLICY = 'GET /api/tenants/tenant-001/approval-policy';
const active = (environment: string, region: string) =>
  `GET ${VERSIONS}/active/tenant-001/${environment}/${region}`;

vi.setConfig({ testTimeout: 20_000 });
beforeAll(polyfillPointer);
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderHistory(version: ConfigurationVersion, tenant: Tenant, onOpenChange = vi.fn()) {
  const path = [version.capabilityId, version.environment, version.region].join('/');
  return {
    path: `GET ${VERSIONS}/history/tenant-001/${path}`,
    render: () =>
      renderControlPlane(
        <VersionHistoryDialog
          open
          onOpenChange={onOpenChange}
          context={{
            tenantId: 'tenant-001',
            capabilityId: version.capabilityId,
            environment: version.environment,
            region: version.region,
          }}
          capabilityName="Capability 1"
          canActivate
          tenant={tenant}
        />,
      ),
  };
}

describe('Promote dialog', () => {
  const dev = makeVersion({
    id: 'ver-dev',
    environment: 'development',
    version: 3,
    configuration: '{"a":1,"b":2}',
  });
  // us-east-1 and us-west-2 allowed; UAT narrowed to them by no override, so both are offered.
  const tenant = makeTenant({ allowedRegions: ['us-east-1', 'us-west-2'] });

  it('offers the accepted regions with the same one preselected, shows the diff per region, promotes to UAT', async () => {
    const closeHistory = vi.fn();
    const { path, render } = renderHistory(dev, tenant, closeHistory);
    const fetchMock = stubApi({
      [path]: [dev],
      [active('uat', 'us-east-1')]: [
        makeVersion({ id: 'ver-uat', environment: 'uat', version: 7, configuration: '{"a":1}' }),
      ],
      [active('uat', 'us-west-2')]: [],
      [`POST ${VERSIONS}/ver-dev/promote`]: () =>
        Response.json(
          [
            makeVersion({ environment: 'uat', version: 8 }),
            makeVersion({ environment: 'uat', region: 'us-west-2' }),
          ],
          { status: 201 },
        ),
    });
    render();
    const history = await screen.findByRole('dialog', { name: 'Configuration Version History' });
    const item = await within(history).findByTestId('history-version');
    await userEvent.click(within(item).getByRole('button', { name: 'Promote to UAT' }));

    const dialog = await screen.findByRole('dialog', { name: 'Promote to UAT' });
    const regions = within(dialog).getByRole('group', { name: 'Target regions in UAT' });
    expect(
      within(regions)
        .getAllByRole('checkbox')
        .map((box) => box.id),
    ).toEqual(['promote-us-east-1', 'promote-us-west-2']);
    expect(within(regions).getByLabelText('us-east-1')).toBeChecked();
    expect(within(regions).getByLabelText('us-west-2')).not.toBeChecked();

    const east = await within(dialog).findByTestId('promote-diff-us-east-1');
    await within(east).findByText('Difference from the active version 7 there');
    // Line by line: the active {"a":1} against this {"a":1,"b":2}.
    await waitFor(() =>
      expect([...east.querySelectorAll('[data-diff=added]')].map((l) => l.textContent)).toEqual([
        '+   "a": 1,',
        '+   "b": 2',
      ]),
    );
    expect([...east.querySelectorAll('[data-diff=removed]')].map((l) => l.textContent)).toEqual([
      '-   "a": 1',
    ]);
    await userEvent.click(within(regions).getByLabelText('us-west-2'));
    const west = await within(dialog).findByTestId('promote-diff-us-west-2');
    expect(await within(west).findByText('Nothing active there yet.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Ready for testing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Promote to UAT' })).not.toBeInTheDocument(),
    );
    expect(bodyOf(fetchMock, `${VERSIONS}/ver-dev/promote`)).toEqual({
      targetEnvironment: 'uat',
      targetRegions: ['us-east-1', 'us-west-2'],
      notes: 'Ready for testing',
    });
    expect(await screen.findByText('Promoted to UAT')).toBeInTheDocument();
    // Like an activation, a promotion closes the history.
    expect(closeHistory).toHaveBeenCalledWith(false);
  });

  it('keeps the dialog open and toasts the refusal when the server says no', async () => {
    const { path, render } = renderHistory(dev, tenant);
    stubApi({
      [path]: [dev],
      [active('uat', 'us-east-1')]: [],
      [`POST ${VERSIONS}/ver-dev/promote`]: () =>
        Response.json(
          { message: 'The uat environment is not enabled for tenant Acme', code: 'CONFLICT' },
          { status: 409 },
        ),
    });
    render();
    const history = await screen.findByRole('dialog', { name: 'Configuration Version History' });
    await userEvent.click(await within(history).findByRole('button', { name: 'Promote to UAT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote to UAT' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('The uat environment is not enabled for tenant Acme')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Promote to UAT' })).toBeInTheDocument();
  });

  it('asks before promoting to Production and sends nothing until confirmed; shows where a version came from', async () => {
    const uat = makeVersion({
      id: 'ver-uat',
      environment: 'uat',
      version: 2,
      promotedFrom: { versionId: 'ver-dev', environment: 'development', region: 'us-east-1', version: 3 },
    });
    const { path, render } = renderHistory(uat, tenant);
    const fetchMock = stubApi({
      [path]: [uat],
      [POLICY]: makePolicy(0),
      [active('production', 'us-east-1')]: [],
      [`POST ${VERSIONS}/ver-uat/promote`]: () =>
        Response.json([makeVersion({ version: 4 })], { status: 201 }),
    });
    render();
    const history = await screen.findByRole('dialog', { name: 'Configuration Version History' });
    const item = await within(history).findByTestId('history-version');
    expect(within(item).getByTestId('promoted-from')).toHaveTextContent(
      'Promoted from Development · us-east-1 · v3',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Promote to Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote to Production' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Promote version 2 to Production in us-east-1?',
    });
    expect(calls(fetchMock, 'POST')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Promote to Production' }));
    await waitFor(() => expect(calls(fetchMock, 'POST')).toEqual([`${VERSIONS}/ver-uat/promote`]));
    expect(await screen.findByText('Promoted to Production')).toBeInTheDocument();
  });

  it('requests a production promotion where production needs approval, without asking first', async () => {
    const uat = makeVersion({ id: 'ver-uat', environment: 'uat', version: 2 });
    const { path, render } = renderHistory(uat, tenant);
    const fetchMock = stubApi({
      [path]: [uat],
      [POLICY]: makePolicy(1),
      [active('production', 'us-east-1')]: [],
      'POST /api/change-requests': () =>
        Response.json(makeChangeRequest({ number: 12, kind: 'configuration.promote' }), { status: 201 }),
    });
    render();
    const history = await screen.findByRole('dialog', { name: 'Configuration Version History' });
    const item = await within(history).findByTestId('history-version');
    await userEvent.click(within(item).getByRole('button', { name: 'Promote to Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote to Production' });
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Go live');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Request change' }));
    expect(await screen.findByText('Change request #12 created')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual(['/api/change-requests']);
    expect(bodyOf(fetchMock, '/api/change-requests')).toEqual({
      change: {
        kind: 'configuration.promote',
        versionId: 'ver-uat',
        body: { targetEnvironment: 'production', targetRegions: ['us-east-1'], notes: 'Go live' },
      },
    });
  });

  it('adds a production promotion to the release instead of filing it', async () => {
    const uat = makeVersion({ id: 'ver-uat', environment: 'uat', version: 2 });
    const { path, render } = renderHistory(uat, tenant);
    const promotion = {
      kind: 'configuration.promote',
      versionId: 'ver-uat',
      body: { targetEnvironment: 'production', targetRegions: ['us-east-1'] },
    };
    const fetchMock = stubApi({
      [path]: [uat],
      [POLICY]: makePolicy(1),
      [active('production', 'us-east-1')]: [],
      'POST /api/release-draft/changes': {
        title: '',
        description: null,
        changes: [{ id: 'd-1', change: promotion, title: 'Promote', addedAt: '2026-11-28T09:00:00.000Z' }],
        updatedAt: '2026-11-28T09:00:00.000Z',
        revision: 1,
      },
    });
    render();
    const history = await screen.findByRole('dialog', { name: 'Configuration Version History' });
    const item = await within(history).findByTestId('history-version');
    await userEvent.click(within(item).getByRole('button', { name: 'Promote to Production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote to Production' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add to release' }));
    expect(await screen.findByText('Added to release (1 change)')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST')).toEqual(['/api/release-draft/changes']);
    expect(bodyOf(fetchMock, '/api/release-draft/changes')).toMatchObject({ change: promotion });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Promote to Production' })).toBeNull());
  });

  it('offers no promotion beyond production', async () => {
    const production = makeVersion({ id: 'ver-p' });
    const { path, render } = renderHistory(production, tenant);
    stubApi({ [path]: [production] });
    render();
    const history = await screen.findByRole('dialog', { name: 'Configuration Version History' });
    await within(history).findByTestId('history-version');
    expect(within(history).queryByRole('button', { name: /Promote/ })).not.toBeInTheDocument();
  });
});
