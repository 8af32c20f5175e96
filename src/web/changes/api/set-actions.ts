import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequest } from '@contract/changes';
import type { Environment } from '@contract/common';
import type { RevertBody } from '@contract/releases';
import { environmentNames } from '@contract/vocabulary';
import { useNavigate } from 'react-router';
import { CHANGE_REQUESTS_PATH, invalidateChangeRequests } from '@/changes/api/change-request-keys';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { ApiError, sendJson } from '@/lib/api-client';

const requestPath = (id: string, action: 'revert' | 'promote') =>
  `${CHANGE_REQUESTS_PATH}/${encodeURIComponent(id)}/${action}`;

/** POST /api/change-requests/{id}/revert: 201 with the new request holding the inverse set. */
export function postRevert(id: string, body: RevertBody): Promise<ChangeRequest> {
  return sendJson<ChangeRequest>('POST', requestPath(id, 'revert'), body);
}

/** POST /api/change-requests/{id}/promote: 201 with the new request, each change mapped to the environment. */
export function postPromote(id: string, targetEnvironment: Environment): Promise<ChangeRequest> {
  return sendJson<ChangeRequest>('POST', requestPath(id, 'promote'), { targetEnvironment });
}

/** A target of the set that someone else changed since it applied: its position and what the server says. */
export type MovedTarget = { position: number; message: string };

/**
 * The 409 REVERT_DECISION_NEEDED: the targets changed by someone else since the set applied, each named
 * by its issue (`body.decisions.<position>`). Empty for any other error.
 */
export function movedTargets(error: unknown): MovedTarget[] {
  if (!(error instanceof ApiError) || error.body?.code !== 'REVERT_DECISION_NEEDED') return [];
  return (error.body?.issues ?? []).flatMap(({ path, message }) => {
    const position = /^body\.decisions\.(\d+)$/.exec(path)?.[1];
    return position === undefined ? [] : [{ position: Number(position), message }];
  });
}

/** After a revert or promotion is filed: the toast names the new request, and the page goes to it. */
function useFiledFollowUp(what: string) {
  // invalidateChangeRequests itself, not its hook: the hook's module would become a chunk of its own
  // shared with the request dialogs, which list screens such as /deployments then download too.
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (created: ChangeRequest) => {
    notifySuccess(
      `${what} filed as change request #${created.number}`,
      created.status === 'applied'
        ? 'It applied at once.'
        : 'It goes through the same approvals before anything changes.',
    );
    void navigate(`/changes/${encodeURIComponent(created.id)}`);
    return invalidateChangeRequests(queryClient, created);
  };
}

/** "Revert": files the inverse set; a target moved on since answers 409 with the decisions it needs. */
export function useRevertRequest(id: string) {
  const onSuccess = useFiledFollowUp('Revert');
  return useMutation({
    mutationFn: (body: RevertBody) => postRevert(id, body),
    onSuccess,
    onError: (error) => {
      const moved = movedTargets(error);
      if (moved.length === 0) return notifyError(error, 'Failed to revert the change request.');
      notifyProblem(
        'Decision needed',
        `${moved.length === 1 ? '1 change was' : `${moved.length} changes were`} changed by someone else since: choose to skip or overwrite each, then revert again.`,
      );
    },
  });
}

/** "Promote to <environment>": the same set, filed again for the next environment. */
export function usePromoteRequest(id: string) {
  const onSuccess = useFiledFollowUp('Promotion');
  return useMutation({
    mutationFn: (targetEnvironment: Environment) => postPromote(id, targetEnvironment),
    onSuccess,
    onError: (error, targetEnvironment) =>
      notifyError(error, `Failed to promote the change request to ${environmentNames[targetEnvironment]}.`),
  });
}
