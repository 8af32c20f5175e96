import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseDraft, UpdateReleaseDraftBody } from '@contract/releases';
import { useNavigate } from 'react-router';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { isPreconditionFailed } from '@/lib/api-client';
import { invalidateWritten } from '@/lib/resource-effects';
import {
  discardReleaseDraft,
  fileReleaseDraft,
  updateReleaseDraft,
  type FileReleaseBody,
} from '@/releases/api/release-draft-writes';
import { releaseKeys } from '@/releases/api/release-keys';

/** A 412: the draft changed in another tab since this page read it; show what it holds now. */
function notifyDraftMoved() {
  notifyProblem(
    'Not saved',
    'Your release changed in another tab or window since this page loaded. It now shows the current release: make your change again.',
  );
}

/** PUT /api/release-draft: name, reorder and remove, with the revision on screen. */
export function useSaveReleaseDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, revision }: { body: UpdateReleaseDraftBody; revision: number }) =>
      updateReleaseDraft(body, revision),
    onSuccess: (draft) => queryClient.setQueryData(releaseKeys.draft(), draft),
    onError: (error) => {
      if (!isPreconditionFailed(error)) return notifyError(error, 'Failed to save the release');
      notifyDraftMoved();
      void queryClient.invalidateQueries({ queryKey: releaseKeys.all });
    },
  });
}

const EMPTY_DRAFT: Omit<ReleaseDraft, 'revision'> = {
  title: '',
  description: null,
  changes: [],
  updatedAt: null,
};

/** DELETE /api/release-draft: every change leaves it; the editors' changes were never filed. */
export function useDiscardReleaseDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardReleaseDraft,
    onSuccess: () => {
      // The header's count goes at once; the refetch brings the new revision.
      queryClient.setQueryData<ReleaseDraft>(releaseKeys.draft(), (draft) =>
        draft ? { ...draft, ...EMPTY_DRAFT } : draft,
      );
      notifySuccess('Release discarded', 'None of its changes was filed.');
      return queryClient.invalidateQueries({ queryKey: releaseKeys.all });
    },
    onError: (error) => notifyError(error, 'Failed to discard the release'),
  });
}

/**
 * POST /api/release-draft/file: the draft becomes one change request (the server empties the draft in
 * the same transaction), then the page of that request. The Changes list, badge and review page
 * refresh as after any filed request (src/web/lib/resource-effects.ts).
 */
export function useFileReleaseDraft() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: FileReleaseBody) => fileReleaseDraft(body),
    onSuccess: (request) => {
      notifySuccess(
        `Release filed as change request #${request.number}`,
        request.status === 'applied'
          ? 'It applied at once.'
          : `Its ${request.changeCount} changes are reviewed once and applied together.`,
      );
      // To the request first: the draft's refetch would otherwise show the page empty for a moment.
      void navigate(`/changes/${encodeURIComponent(request.id)}`);
      return Promise.all([
        // A set applied at once (no approval needed) wrote as many types as it has kinds: refresh all.
        invalidateWritten(queryClient, request.status === 'applied' ? 'system' : 'change-request', {
          action: 'change_request.create',
        }),
        queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
      ]);
    },
    onError: (error) => notifyError(error, 'Failed to file the release'),
  });
}
