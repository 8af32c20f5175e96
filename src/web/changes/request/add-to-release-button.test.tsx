import type { ApprovalPolicy, Change } from '@contract/changes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeRequest } from '@/changes/test/fixtures';
import { RequestChangeDialog } from '@/changes/request/request-change-dialog';
import { useChangeRequestForm } from '@/changes/request/use-change-request-form';
import { Toaster } from '@/components/ui/toaster';
import { releaseKeys } from '@/releases';
import { apiError, requestsTo, stubApi } from '@/test/api-stub';
import { makeMe, queryClientWithMe } from '@/test/me';
import '@/test/dom-polyfills';
import { renderWithProviders } from '@/test/render';

const ACTIVATE: Change = { kind: 'configuration.activate', versionId: 'ver-7' };

const POLICY: ApprovalPolicy = {
  tenantId: 'tenant-1',
  requiredApprovals: { development: 0, uat: 0, production: 1 },
  updatedAt: null,
  updatedBy: null,
};

/** An activation's request dialog, as the control plane opens it where production needs approval. */
function ActivationDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const form = useChangeRequestForm({ tenantId: 'tenant-1', environment: 'production' });
  return (
    <RequestChangeDialog
      open
      onOpenChange={onOpenChange}
      title="Request: activate version 7"
      description="Version 7 becomes active once the request applies."
      form={form}
      change={ACTIVATE}
    />
  );
}

function renderDialog(handlers: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({ 'GET /api/tenants/tenant-1/approval-policy': POLICY, ...handlers });
  const onOpenChange = vi.fn();
  const utils = renderWithProviders(
    <>
      <ActivationDialog onOpenChange={onOpenChange} />
      <Toaster />
    </>,
    {
      path: '/control-plane',
      queryClient: queryClientWithMe(makeMe({ memberships: [{ tenantId: 'tenant-1', role: 'owner' }] })),
    },
  );
  return { ...utils, fetchMock, onOpenChange };
}

const draftOf = (count: number) => ({
  title: '',
  description: null,
  changes: Array.from({ length: count }, (_, index) => ({
    id: `d-${index}`,
    change: ACTIVATE,
    title: `Change ${index}`,
    addedAt: '2026-11-28T09:00:00.000Z',
  })),
  updatedAt: '2026-11-28T09:00:00.000Z',
  revision: count,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add to release', () => {
  it('sends the same change to the draft release instead of filing it, toasts the count and closes', async () => {
    const { fetchMock, onOpenChange, queryClient, router } = renderDialog({
      'POST /api/release-draft/changes': draftOf(2),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to release' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requestsTo(fetchMock, 'POST', '/api/release-draft/changes')[0]?.body).toEqual({
      change: ACTIVATE,
    });
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')).toHaveLength(0);
    expect(await screen.findByText('Added to release (2 changes)')).toBeInTheDocument();
    // The header's count reads the draft the server answered.
    expect(queryClient.getQueryData(releaseKeys.draft())).toMatchObject({ revision: 2 });
    // fireEvent: the toast's swipe handling asks for pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'View release' }));
    expect(router.state.location.pathname).toBe('/releases/draft');
  });

  it('stays open and toasts the refusal when the change cannot join the release', async () => {
    const { onOpenChange } = renderDialog({
      'POST /api/release-draft/changes': apiError(
        400,
        'Your release holds 100 changes, the most one may hold',
        [{ path: 'body.change', message: 'The release is full' }],
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to release' }));
    expect(
      await screen.findByText('Your release holds 100 changes, the most one may hold'),
    ).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add to release' })).toBeEnabled();
  });

  it('leaves "Request change" filing the change, even after an Add to release the form held back', async () => {
    const { fetchMock } = renderDialog({
      'POST /api/change-requests': () => Response.json(changeRequest(), { status: 201 }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Request: activate version 7' });
    // A schedule without its time: the form holds both submits back.
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Schedule for later' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to release' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Schedule for later' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request change' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'POST', '/api/change-requests')).toHaveLength(1));
    expect(requestsTo(fetchMock, 'POST', '/api/change-requests')[0]?.body).toEqual({ change: ACTIVATE });
    expect(requestsTo(fetchMock, 'POST', '/api/release-draft/changes')).toHaveLength(0);
  });
});
