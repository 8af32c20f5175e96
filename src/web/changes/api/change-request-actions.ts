import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequestDetail, Schedule } from '@contract/changes';
import { useInvalidateChangeRequests } from '@/changes/api/applied-change-effects';
import { CHANGE_REQUESTS_PATH, changeRequestKeys } from '@/changes/api/change-request-keys';
import { formatScheduled } from '@/changes/lib/format';
import { ApiError, isPreconditionFailed, sendJson } from '@/lib/api-client';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';

/** One write on a request: the endpoint's name and its body. */
export type ChangeRequestAction =
  | { type: 'approve'; comment?: string }
  | { type: 'reject'; comment: string }
  | { type: 'cancel' }
  | { type: 'refresh' }
  | { type: 'schedule'; schedule: Schedule }
  | { type: 'comment'; body: string };

const paths: Record<ChangeRequestAction['type'], string> = {
  approve: 'approve',
  reject: 'reject',
  cancel: 'cancel',
  refresh: 'refresh',
  schedule: 'schedule',
  comment: 'comments',
};

function bodyOf(action: ChangeRequestAction): unknown {
  switch (action.type) {
    case 'approve':
      return action.comment ? { comment: action.comment } : {};
    case 'reject':
      return { comment: action.comment };
    case 'schedule':
      return { schedule: action.schedule };
    case 'comment':
      return { body: action.body };
    default:
      return undefined;
  }
}

/**
 * POST /api/change-requests/{id}/{action}: answers the request as it is after. `ifMatch` is the revision
 * the page showed (comments carry none: they change nothing anyone reviews), so a write on a request
 * someone else moved on gets 412 instead of approving what the reviewer has not seen.
 */
export function postChangeRequestAction(
  id: string,
  action: ChangeRequestAction,
  ifMatch?: number,
): Promise<ChangeRequestDetail> {
  return sendJson<ChangeRequestDetail>(
    'POST',
    `${CHANGE_REQUESTS_PATH}/${encodeURIComponent(id)}/${paths[action.type]}`,
    bodyOf(action),
    { ifMatch: action.type === 'comment' ? undefined : ifMatch },
  );
}

const failures: Record<ChangeRequestAction['type'], string> = {
  approve: 'Failed to approve the change request.',
  reject: 'Failed to reject the change request.',
  cancel: 'Failed to cancel the change request.',
  refresh: 'Failed to refresh the change request.',
  schedule: 'Failed to schedule the change request.',
  comment: 'Failed to add the comment.',
};

/** The toast after a write went through, saying where the request stands now. */
function notifyDone(action: ChangeRequestAction, request: ChangeRequestDetail): void {
  const name = `#${request.number}`;
  switch (action.type) {
    case 'approve':
      if (request.status === 'applied')
        return notifySuccess('Change applied', `${name} was approved and applied.`);
      if (request.status === 'failed')
        return notifyProblem(
          'Change failed',
          `${name} was approved but could not apply: ${request.outcome ?? ''}`,
        );
      if (request.status === 'scheduled')
        return notifySuccess(
          'Change approved',
          `${name} applies ${request.scheduledAt ? formatScheduled(request.scheduledAt, request.scheduleTimeZone) : 'at its scheduled time'}.`,
        );
      return notifySuccess(
        'Approval recorded',
        `${name} has ${request.approvals} of ${request.requiredApprovals} approvals.`,
      );
    case 'reject':
      return notifySuccess('Change request rejected', `${name} will not be applied.`);
    case 'cancel':
      return notifySuccess('Change request cancelled', `${name} will not be applied.`);
    case 'refresh':
      return notifySuccess(
        'Change request refreshed',
        `The diff of ${name} is up to date; approvals start again.`,
      );
    case 'schedule':
      if (request.events.at(-1)?.kind === 'reopen')
        return notifySuccess(
          'Approval needed again',
          `${name} now applies ${request.scheduledAt ? formatScheduled(request.scheduledAt, request.scheduleTimeZone) : 'at its scheduled time'}, outside what was approved: it waits for approval again.`,
        );
      return notifySuccess(
        'Schedule set',
        `${name} applies ${request.scheduledAt ? formatScheduled(request.scheduledAt, request.scheduleTimeZone) : 'at its scheduled time'} once approved.`,
      );
    case 'comment':
      return notifySuccess('Comment added', `Your comment is on the timeline of ${name}.`);
  }
}

export const isStaleChange = (error: unknown): boolean =>
  error instanceof ApiError && error.body?.code === 'STALE_CHANGE';

/**
 * Every write of the review page, each with its toast. A 412 (someone else moved the request on) and a
 * STALE_CHANGE 409 (what it changes moved on) refetch the request, so the page shows why; the page
 * reads `error` to show the conflict alert.
 */
export function useChangeRequestAction(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateChangeRequests();
  return useMutation({
    mutationFn: ({ action, ifMatch }: { action: ChangeRequestAction; ifMatch?: number }) =>
      postChangeRequestAction(id, action, ifMatch),
    onSuccess: (request, { action }) => {
      queryClient.setQueryData(changeRequestKeys.detail(id), request);
      void invalidate(request);
      notifyDone(action, request);
    },
    onError: (error, { action }) => {
      if (isPreconditionFailed(error)) {
        notifyProblem(
          'Not changed',
          'Someone else changed this change request after you opened it. Review the current version, then try again.',
        );
      } else if (isStaleChange(error)) {
        notifyProblem(
          'Refresh needed',
          'What this request changes has moved on since it was made. Refresh it to see the new diff.',
        );
      } else {
        notifyError(error, failures[action.type]);
      }
      if (
        isPreconditionFailed(error) ||
        isStaleChange(error) ||
        (error instanceof ApiError && error.status === 409)
      ) {
        void queryClient.invalidateQueries({ queryKey: changeRequestKeys.detail(id) });
      }
    },
  });
}
