import type { ChangeRequestDetail } from '@contract/changes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeRequestPage } from '@/changes/components/change-request-page';
import { ChangesTable } from '@/changes/components/changes-table';
import {
  changeItem,
  changeRequest,
  changeRequestDetail,
  impactOf,
  NO_ABILITIES,
} from '@/changes/test/fixtures';
import { Toaster } from '@/components/ui/toaster';
import { requestsTo, stubApi } from '@/test/api-stub';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

type Handlers = Parameters<typeof stubApi>[0];

/** cr-1's review page; any other request's page is a placeholder to land on. */
function ReviewOrOther() {
  return useParams().changeId === 'cr-1' ? <ChangeRequestPage /> : <p>another request</p>;
}

/** The review page of cr-1 as `detail`, with the new request's page to land on after a revert or promotion. */
function renderReview(detail: ChangeRequestDetail, handlers: Handlers = {}) {
  const fetchMock = stubApi({ 'GET /api/change-requests/cr-1': detail, ...handlers });
  const utils = renderWithProviders(<></>, {
    path: '/changes/cr-1',
    queryClient: queryClientWithMe(makeMe({ memberships: [{ tenantId: 'tenant-1', role: 'owner' }] })),
    routes: [
      {
        path: '/changes/:changeId',
        element: (
          <>
            <ReviewOrOther />
            <Toaster />
          </>
        ),
      },
    ],
  });
  return { ...utils, fetchMock };
}

const ROUTE = changeItem({
  position: 1,
  kind: 'gateway_route.create',
  title: 'New route /payments',
  diff: [{ label: 'Route /payments', before: null, after: { path: '/payments' } }],
});
const GLOBEX = changeItem({
  position: 2,
  tenantId: 'tenant-2',
  tenantName: 'Globex',
  title: 'New Billing configuration',
});

/** An applied release of three changes: Acme's configuration and route, then Globex's configuration. */
const release = (overrides: Parameters<typeof changeRequestDetail>[0] = {}) =>
  changeRequestDetail({
    title: 'Payments v2',
    status: 'applied',
    changeCount: 3,
    changes: [
      changeItem({ state: 'applied' }),
      { ...ROUTE, state: 'applied' },
      { ...GLOBEX, state: 'applied' },
    ],
    impact: impactOf({
      tenants: { count: 2, names: ['Acme Corp', 'Globex'] },
      routes: { count: 1, names: ['/payments'] },
    }),
    ...overrides,
    can: { ...NO_ABILITIES, ...overrides.can },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the review of a release', () => {
  it('groups the changes by tenant, environment and kind, each with its position, state, outcome and diff', async () => {
    renderReview(
      release({
        status: 'failed',
        changes: [
          changeItem({ state: 'reverted' }),
          { ...ROUTE, state: 'failed', outcome: 'The path /payments is taken' },
          { ...GLOBEX, state: 'skipped', outcome: 'Changed by someone else since' },
        ],
      }),
    );
    const acme = await screen.findByRole('region', { name: 'Acme Corp' });
    const acmeProduction = within(acme).getByRole('region', { name: 'Acme Corp, Production' });
    expect(within(acmeProduction).getByText('New configuration version')).toBeInTheDocument();
    expect(within(acmeProduction).getByText('New gateway route', { exact: false })).toBeInTheDocument();
    const route = within(acme).getByRole('listitem', { name: 'Change 2 (New route /payments)' });
    expect(within(route).getByText('Change 2')).toBeInTheDocument();
    expect(within(route).getByTestId('change-item-state')).toHaveTextContent('Failed');
    expect(within(route).getByTestId('change-item-outcome')).toHaveTextContent('The path /payments is taken');
    expect(within(route).getByText('Route /payments')).toBeInTheDocument();
    expect(
      within(acme)
        .getByRole('listitem', { name: /^Change 1 / })
        .querySelector('[data-testid="change-item-state"]'),
    ).toHaveTextContent('Rolled back');

    const globex = screen.getByRole('region', { name: 'Globex' });
    expect(within(globex).getByTestId('change-item-state')).toHaveTextContent('Skipped');
    expect(screen.getByRole('heading', { name: /^What changes/ })).toHaveTextContent(
      'What changes (3 changes)',
    );
  });

  it('sums up the impact, with the names in a disclosure', async () => {
    renderReview(release());
    const impact = await screen.findByTestId('change-impact');
    expect(within(impact).getByTestId('impact-tenants')).toHaveTextContent('Tenants2');
    expect(within(impact).getByTestId('impact-routes')).toHaveTextContent('Gateway routes1');
    // Kinds it does not touch are left out.
    expect(within(impact).queryByTestId('impact-slots')).not.toBeInTheDocument();
    const names = within(within(impact).getByTestId('impact-tenants')).getByText('Show names');
    expect(within(impact).getByText('Globex')).not.toBeVisible();
    await userEvent.click(names);
    expect(within(impact).getByText('Globex')).toBeVisible();
  });

  it('names the change that went stale, who moved its target, and what it would change now', async () => {
    renderReview(
      release({
        status: 'pending',
        stale: true,
        staleChange: {
          position: 1,
          title: 'New route /payments',
          movedBy: 'bob@example.com',
          movedAt: '2026-11-20T11:00:00.000Z',
          diff: [{ label: 'Route /payments (now)', before: { path: '/pay' }, after: { path: '/payments' } }],
        },
        can: { refresh: true },
      }),
    );
    const alert = await screen.findByTestId('stale-alert');
    expect(alert).toHaveTextContent(
      /Change 2 \(New route \/payments\) moved on: changed by bob@example\.com at /,
    );
    expect(within(alert).getByTestId('stale-change-diff')).toHaveTextContent('Route /payments (now)');
    expect(within(alert).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('flags before approval the changes that cannot be undone automatically', async () => {
    renderReview(
      release({
        status: 'pending',
        changes: [changeItem(), { ...ROUTE, irreversible: 'deleting the last version leaves no history' }],
      }),
    );
    const alert = await screen.findByTestId('irreversible-alert');
    expect(alert).toHaveTextContent(
      'Change 2 (New route /payments) cannot be undone automatically: deleting the last version leaves no history',
    );
  });

  it('reverts: lists the targets moved on since, asks skip or overwrite for each, and sends the decisions', async () => {
    let attempts = 0;
    const { fetchMock, router } = renderReview(release({ can: { revert: true } }), {
      'POST /api/change-requests/cr-1/revert': () =>
        ++attempts === 1
          ? Response.json(
              {
                message: 'Some targets changed since the set applied',
                code: 'REVERT_DECISION_NEEDED',
                issues: [
                  {
                    path: 'body.decisions.1',
                    message: 'New route /payments: changed by bob since; skip it or overwrite it',
                  },
                  {
                    path: 'body.decisions.2',
                    message: 'New Billing configuration: changed by eve since; skip it or overwrite it',
                  },
                ],
              },
              { status: 409 },
            )
          : Response.json(changeRequest({ id: 'cr-2', number: 8, changeCount: 2 }), { status: 201 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert #7?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'File revert' }));
    expect(await screen.findByText('Decision needed')).toBeInTheDocument();

    const route = await within(dialog).findByRole('group', { name: 'Change 2 (New route /payments)' });
    expect(route).toHaveTextContent('changed by bob since');
    const billing = within(dialog).getByRole('group', { name: 'Change 3 (New Billing configuration)' });
    const send = within(dialog).getByRole('button', { name: 'Revert with these decisions' });
    expect(send).toBeDisabled();
    await userEvent.click(within(route).getByRole('radio', { name: /Skip it/ }));
    expect(send).toBeDisabled();
    await userEvent.click(within(billing).getByRole('radio', { name: /Overwrite it/ }));
    await userEvent.click(send);

    await waitFor(() => expect(router.state.location.pathname).toBe('/changes/cr-2'));
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/revert').map((r) => r.body)).toEqual([
      {},
      { decisions: { '1': 'skip', '2': 'overwrite' } },
    ]);
    expect(await screen.findByText('Revert filed as change request #8')).toBeInTheDocument();
  });

  it('promotes an applied development set to UAT as one new request', async () => {
    const { fetchMock, router } = renderReview(
      release({
        environment: 'development',
        changes: [changeItem({ environment: 'development', state: 'applied' })],
        can: { promote: true },
      }),
      {
        'POST /api/change-requests/cr-1/promote': () =>
          Response.json(changeRequest({ id: 'cr-3', number: 9, environment: 'uat' }), { status: 201 }),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Promote to UAT' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Promote #7 to UAT?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Promote to UAT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/changes/cr-3'));
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests/cr-1/promote')[0]?.body).toEqual({
      targetEnvironment: 'uat',
    });
  });

  it('links the request it reverts and the requests filed after it', async () => {
    renderReview(
      release({
        revertOf: { id: 'cr-0', number: 5 },
        followUps: [{ id: 'cr-4', number: 11, relation: 'promotion' }],
      }),
    );
    const related = await screen.findByTestId('change-related');
    expect(within(related).getByRole('link', { name: '#5' })).toHaveAttribute('href', '/changes/cr-0');
    expect(related).toHaveTextContent('Reverts #5');
    expect(related).toHaveTextContent('Promoted as #11');
    fireEvent.click(within(related).getByRole('link', { name: '#11' }));
    expect(await screen.findByText('another request')).toBeInTheDocument();
  });
});

describe('the Changes list', () => {
  it('says how many more changes a release holds', () => {
    renderWithProviders(
      <ChangesTable
        requests={[changeRequest({ changeCount: 4 }), changeRequest({ id: 'cr-2', number: 8 })]}
        sort="-number"
        onSort={() => {}}
      />,
    );
    const [release, single] = screen.getAllByTestId('change-kinds');
    expect(release).toHaveTextContent('New configuration version +3 more');
    expect(single).toHaveTextContent(/^New configuration version$/);
  });
});
