import type { ApprovalPolicy } from '@contract/changes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalPolicyCard } from '@/changes/components/approval-policy-card';
import { changeRequest } from '@/changes/test/fixtures';
import '@/test/dom-polyfills';
import { Toaster } from '@/components/ui/toaster';
import { requestsTo, stubApi } from '@/test/api-stub';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

const policy = (production: number, tenantId: string | null = 'tenant-1'): ApprovalPolicy => ({
  tenantId,
  requiredApprovals: { development: 0, uat: 0, production },
  updatedAt: null,
  updatedBy: null,
});

function renderCard(tenantId: string | null, globalRole = 'admin') {
  return renderWithProviders(
    <>
      <ApprovalPolicyCard tenantId={tenantId} />
      <Toaster />
    </>,
    {
      queryClient: queryClientWithMe(
        makeMe({ globalRole, memberships: [{ tenantId: 'tenant-1', role: 'owner' }] }),
      ),
    },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApprovalPolicyCard', () => {
  it("lets a global administrator change a tenant's production approvals", async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-1/approval-policy': policy(1),
      'PUT /api/tenants/tenant-1/approval-policy': ({ body }) =>
        Response.json({ ...policy(0), ...(body as object) }),
    });
    renderCard('tenant-1');
    const production = await screen.findByLabelText('Changes to production need');
    expect(production).toHaveValue(1);
    const save = screen.getByRole('button', { name: 'Save approvals' });
    expect(save).toBeDisabled();

    await userEvent.clear(production);
    await userEvent.type(production, '9');
    expect(screen.getByRole('alert')).toHaveTextContent('from 0 to 5');
    expect(save).toBeDisabled();
    await userEvent.clear(production);
    await userEvent.type(production, '2');
    await userEvent.click(save);
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PUT', '/api/tenants/tenant-1/approval-policy')[0]?.body).toEqual({
        requiredApprovals: { development: 0, uat: 0, production: 2 },
      }),
    );
    expect(await screen.findByText('Approval policy saved')).toBeInTheDocument();
  });

  it('turns a lowering into a change request another global administrator approves, with no bypass', async () => {
    const fetchMock = stubApi({
      'GET /api/tenants/tenant-1/approval-policy': policy(1),
      'POST /api/change-requests': () =>
        Response.json(changeRequest({ number: 12, kind: 'approval_policy.set', tenantId: 'tenant-1' }), {
          status: 201,
        }),
    });
    renderCard('tenant-1');
    const production = await screen.findByLabelText('Changes to production need');
    expect(screen.getByRole('button', { name: 'Save approvals' })).toBeInTheDocument();
    await userEvent.clear(production);
    await userEvent.type(production, '0');
    const card = screen.getByTestId('approval-policy');
    expect(within(card).getByRole('note')).toHaveTextContent(
      'Lowering approvals needs another global administrator’s approval: this creates a change request.',
    );
    expect(within(card).queryByRole('checkbox', { name: 'Bypass approval' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Request change' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({
        change: {
          kind: 'approval_policy.set',
          tenantId: 'tenant-1',
          body: { requiredApprovals: { development: 0, uat: 0, production: 0 } },
        },
      }),
    );
    expect(requestsTo(fetchMock, 'PUT', '/api/tenants/tenant-1/approval-policy')).toEqual([]);
    expect(await screen.findByText('Change request #12 created')).toBeInTheDocument();
    // The form shows the saved policy again: nothing changes until the request applies.
    expect(await screen.findByLabelText('Changes to production need')).toHaveValue(1);
  });

  it('is read-only for everyone else, and the platform policy has its own endpoint', async () => {
    stubApi({ 'GET /api/approval-policy': policy(3, null) });
    renderCard(null, 'user');
    const card = screen.getByTestId('approval-policy');
    expect(await within(card).findByLabelText('Changes to production need')).toHaveValue(3);
    expect(within(card).getByLabelText('Changes to production need')).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Save approvals' })).not.toBeInTheDocument();
    expect(within(card).getByTestId('approval-policy-read-only')).toBeInTheDocument();
  });
});
