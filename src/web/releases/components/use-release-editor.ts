import type { ReleaseDraft } from '@contract/releases';
import { useState } from 'react';
import { notifySuccess } from '@/components/notify';
import { isPreconditionFailed } from '@/lib/api-client';
import type { FileReleaseBody } from '@/releases/api/release-draft-writes';
import {
  useDiscardReleaseDraft,
  useFileReleaseDraft,
  useSaveReleaseDraft,
} from '@/releases/api/use-release-draft-writes';
import { editsOf, moved, sameEdits, toUpdateBody, type ReleaseEdits } from '@/releases/lib/release-edits';

export type ReleaseDialog = 'file' | 'discard' | null;

const changesOf = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

/**
 * The release page's state: its edits until saved (name, order, removals), the writes, and which dialog
 * is open. Filing saves unsaved edits first; a 412 on a save drops them, so the page shows the draft as
 * another tab left it.
 */
export function useReleaseEditor(draft: ReleaseDraft) {
  const save = useSaveReleaseDraft();
  const discard = useDiscardReleaseDraft();
  const file = useFileReleaseDraft();
  const [local, setLocal] = useState<ReleaseEdits | null>(null);
  const [dialog, setDialog] = useState<ReleaseDialog>(null);
  const saved = editsOf(draft);
  const edits = local ?? saved;
  const byId = new Map(draft.changes.map((change) => [change.id, change]));
  const changes = edits.order.flatMap((changeId) => byId.get(changeId) ?? []);

  const edit = (patch: Partial<ReleaseEdits>) => {
    // A refusal names changes by their place, which an edit moves: it no longer says where.
    file.reset();
    setLocal({ ...edits, ...patch });
  };
  /** Saves the edits; `then` runs after (filing) instead of the toast. */
  const persist = (then?: () => void) =>
    save.mutate(
      { body: toUpdateBody(edits), revision: draft.revision },
      {
        onSuccess: () => {
          setLocal(null);
          if (then) then();
          else notifySuccess('Release saved', `It holds ${changesOf(changes.length)}.`);
        },
        onError: (error) => {
          if (isPreconditionFailed(error)) setLocal(null);
          setDialog(null);
        },
      },
    );
  const dirty = local !== null && !sameEdits(local, saved);

  return {
    edits,
    changes,
    dirty,
    dialog,
    setDialog,
    save,
    discard,
    file,
    pending: save.isPending || discard.isPending || file.isPending,
    edit,
    move: (id: string, by: -1 | 1) => edit({ order: moved(edits.order, id, by) }),
    remove: (id: string) => edit({ order: edits.order.filter((kept) => kept !== id) }),
    persist,
    fileIt: (body: FileReleaseBody) => {
      const send = () => file.mutate(body, { onSettled: () => setDialog(null) });
      if (dirty) persist(send);
      else send();
    },
    discardIt: () =>
      discard.mutate(undefined, { onSuccess: () => setLocal(null), onSettled: () => setDialog(null) }),
  };
}

export type ReleaseEditorState = ReturnType<typeof useReleaseEditor>;
