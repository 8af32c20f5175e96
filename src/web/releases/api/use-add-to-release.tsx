import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Change } from '@contract/changes';
import type { ReleaseDraft } from '@contract/releases';
import { useNavigate } from 'react-router';
import { notifyError } from '@/components/notify';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { addToReleaseDraft } from '@/releases/api/release-draft-writes';
import { RELEASE_PAGE_PATH, releaseKeys } from '@/releases/api/release-keys';

const changesOf = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

/** The success toast: how many changes the release holds now, and a way to it. */
function notifyAdded(draft: ReleaseDraft, open: () => void) {
  toast({
    title: `Added to release (${changesOf(draft.changes.length)})`,
    description: 'File the release when it holds everything: it is reviewed once and applied together.',
    action: (
      <ToastAction altText="Open the release" onClick={open}>
        View release
      </ToastAction>
    ),
  });
}

/**
 * "Add to release" (POST /api/release-draft/changes): the change joins the user's draft release instead
 * of being filed alone. Toasts both outcomes (a refusal names the field, or that the draft is full); the
 * header's count follows from the draft the server answers.
 */
export function useAddToRelease() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: addToReleaseDraft,
    onSuccess: (draft) => {
      queryClient.setQueryData(releaseKeys.draft(), draft);
      notifyAdded(draft, () => void navigate(RELEASE_PAGE_PATH));
    },
    onError: (error) => notifyError(error, 'Failed to add the change to the release'),
  });
}

export type AddToRelease = (change: Change, callbacks?: { onSuccess?: () => void }) => void;
