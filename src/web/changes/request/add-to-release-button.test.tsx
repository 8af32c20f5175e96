import type { Change } from '@contract/changes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestChangeDialog } from '@/changes/request/request-change-dialog';
import { DIRECT_CHANGE_FORM } from '@/changes/request/with-change-request-form';
import { Toaster } from '@/components/ui/toaster';
import { releaseKeys } from '@/releases';
import { apiError, requestsTo, stubApi } from '@/test/api-stub';
import { renderWithProviders } from '@/test/render';

const ACTIVATE: Change = { kind: 'configuration.activate', versionId: 'ver-7' };

/** The request dialog of an activation, in request mode, with its close recorded. */
function renderDialog(change: Change = ACTIVATE) {
  const onOpenChange = vi.fn();
  const submit = vi.fn();
  const utils = renderWithProviders(
    <>
      <RequestChangeDialog
        open
        onOpenChange={onOpenChange}
        title="Request: activate version 7"
        description="Version 7 becomes active once the request applies."
        form={{ ...DIRECT_CHANGE_FORM, mode: 'request', requiredApprovals: 1, submit }}
        change={change}
      />
      <Toaster />
    </>,
    { path: '/control-plane' },
  );
  return { ...utils, onOpenChange, submit };
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
    const fetchMock = stubApi({ 'POST /api/release-draft/changes': draftOf(2) });
    const { onOpenChange, submit, queryClient, router } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Add to release' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requestsTo(fetchMock, 'POST', '/api/release-draft/changes')[0]?.body).toEqual({
      change: ACTIVATE,
    });
    expect(submit).not.toHaveBeenCalled();
    expect(await screen.findByText('Added to release (2 changes)')).toBeInTheDocument();
    // The header's count reads the draft the server answered.
    expect(queryClient.getQueryData(releaseKeys.draft())).toMatchObject({ revision: 2 });
    // fireEvent: the toast's swipe handling asks for pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'View release' }));
    expect(router.state.location.pathname).toBe('/releases/draft');
  });

  it('stays open and toasts the refusal when the change cannot join the release', async () => {
    stubApi({
      'POST /api/release-draft/changes': apiError(
        400,
        'Your release holds 100 changes, the most one may hold',
        [{ path: 'body.change', message: 'The release is full' }],
      ),
    });
    const { onOpenChange } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Add to release' }));
    expect(
      await screen.findByText('Your release holds 100 changes, the most one may hold'),
    ).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add to release' })).toBeEnabled();
  });

  it('is not offered for a lowered approval policy, which is filed on its own', () => {
    stubApi({});
    renderDialog({
      kind: 'approval_policy.set',
      tenantId: null,
      body: { requiredApprovals: { development: 0, uat: 0, production: 0 } },
    });
    expect(screen.getByRole('button', { name: 'Request change' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to release' })).not.toBeInTheDocument();
  });
});
