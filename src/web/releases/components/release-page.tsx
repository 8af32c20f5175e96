import type { ReleaseDraft } from '@contract/releases';
import { Layers } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Field, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isPreconditionFailed } from '@/lib/api-client';
import { notifySuccess } from '@/components/notify';
import { useReleaseDraft } from '@/releases/api/get-release-draft';
import type { FileReleaseBody } from '@/releases/api/release-draft-writes';
import {
  useDiscardReleaseDraft,
  useFileReleaseDraft,
  useSaveReleaseDraft,
} from '@/releases/api/use-release-draft-writes';
import { FileReleaseDialog } from '@/releases/components/file-release-dialog';
import { ReleaseChangeList } from '@/releases/components/release-change-list';
import {
  editsOf,
  moved,
  refusalsByIndex,
  sameEdits,
  toUpdateBody,
  type ReleaseEdits,
} from '@/releases/lib/release-edits';

export const EMPTY_RELEASE_TEXT =
  'Your release is empty: use “Add to release” in any editor that files a change request.';

/** /releases/draft: the user's draft release, to name, reorder, trim, discard or file as one request. */
export function ReleasePage() {
  const query = useReleaseDraft();
  useDocumentTitle('Release');
  if (query.status === 'pending') {
    return (
      <p aria-busy="true" className="text-muted-foreground">
        Loading your release...
      </p>
    );
  }
  if (query.status === 'error') {
    return (
      <div className="space-y-6">
        <h1 className="sr-only">Release</h1>
        <ErrorState
          error={query.error}
          title="Could not load your release"
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  if (query.data.changes.length === 0) {
    return (
      <div className="space-y-6">
        <PageHeader title="Release" />
        <EmptyState icon={Layers} title="Nothing in your release yet" description={EMPTY_RELEASE_TEXT} />
      </div>
    );
  }
  return <ReleaseEditor draft={query.data} />;
}

type Dialog = 'file' | 'discard' | null;

function ReleaseEditor({ draft }: { draft: ReleaseDraft }) {
  const id = useId();
  const save = useSaveReleaseDraft();
  const discard = useDiscardReleaseDraft();
  const file = useFileReleaseDraft();
  const [local, setLocal] = useState<ReleaseEdits | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const saved = editsOf(draft);
  const edits = local ?? saved;
  const dirty = local !== null && !sameEdits(local, saved);
  const edit = (patch: Partial<ReleaseEdits>) => {
    // A refusal names changes by their place, which an edit moves: it no longer says where.
    file.reset();
    setLocal({ ...edits, ...patch });
  };
  const byId = new Map(draft.changes.map((change) => [change.id, change]));
  const changes = edits.order.flatMap((changeId) => byId.get(changeId) ?? []);
  const pending = save.isPending || discard.isPending || file.isPending;

  /** Saves the edits; `then` runs after (filing). A 412 drops them: the page shows the current draft. */
  const persist = (then?: () => void) =>
    save.mutate(
      { body: toUpdateBody(edits), revision: draft.revision },
      {
        onSuccess: () => {
          setLocal(null);
          if (then) then();
          else
            notifySuccess(
              'Release saved',
              `It holds ${changes.length === 1 ? '1 change' : `${changes.length} changes`}.`,
            );
        },
        onError: (error) => {
          if (isPreconditionFailed(error)) setLocal(null);
          setDialog(null);
        },
      },
    );
  const fileIt = (body: FileReleaseBody) => {
    const send = () => file.mutate(body, { onSettled: () => setDialog(null) });
    if (dirty) persist(send);
    else send();
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={draft.title.trim() || 'Release'}
        description="Changes added from the editors, filed together as one change request: reviewed once, applied in this order, all or none."
        actions={
          <>
            <Button variant="outline" disabled={pending} onClick={() => setDialog('discard')}>
              Discard release
            </Button>
            <Button variant="outline" disabled={pending || !dirty} onClick={() => persist()}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button disabled={pending || changes.length === 0} onClick={() => setDialog('file')}>
              File release
            </Button>
          </>
        }
      />
      {dirty && (
        <p role="status" className="text-sm text-muted-foreground" data-testid="release-unsaved">
          Unsaved changes: Save keeps them; File release saves them first.
        </p>
      )}
      <section aria-labelledby={`${id}-name`} className="grid max-w-2xl gap-4">
        <h2 id={`${id}-name`} className="sr-only">
          Name
        </h2>
        <Field>
          <FieldLabel htmlFor={`${id}-title`}>Release name</FieldLabel>
          <Input
            id={`${id}-title`}
            value={edits.title}
            maxLength={200}
            placeholder="e.g. Payments v2 to production"
            disabled={pending}
            onChange={(event) => edit({ title: event.target.value })}
          />
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-description`}>Description (optional)</FieldLabel>
          <Textarea
            id={`${id}-description`}
            value={edits.description}
            maxLength={4000}
            rows={2}
            placeholder="Why these changes, for the reviewers"
            disabled={pending}
            onChange={(event) => edit({ description: event.target.value })}
          />
        </Field>
      </section>
      <section aria-labelledby={`${id}-changes`} className="space-y-3">
        <h2 id={`${id}-changes`} className="text-lg font-semibold">
          Changes <span className="text-muted-foreground tabular-nums">({changes.length})</span>
        </h2>
        {changes.length === 0 ? (
          <EmptyState
            icon={Layers}
            title="Every change is removed"
            description="Save to empty the release, or discard it."
          />
        ) : (
          <ReleaseChangeList
            changes={changes}
            onMove={(changeId, by) => edit({ order: moved(edits.order, changeId, by) })}
            onRemove={(changeId) => edit({ order: edits.order.filter((kept) => kept !== changeId) })}
            refusals={refusalsByIndex(file.error)}
            disabled={pending}
          />
        )}
      </section>
      <FileReleaseDialog
        open={dialog === 'file'}
        onOpenChange={(open) => setDialog(open ? 'file' : null)}
        count={changes.length}
        pending={save.isPending || file.isPending}
        error={file.error}
        onFile={fileIt}
      />
      <ConfirmDialog
        open={dialog === 'discard'}
        title="Discard this release?"
        description="Every change leaves it, and none of them is filed. The editors' changes are not applied anywhere."
        pending={discard.isPending}
        confirmLabel="Discard release"
        pendingLabel="Discarding..."
        onConfirm={() =>
          discard.mutate(undefined, {
            onSuccess: () => setLocal(null),
            onSettled: () => setDialog(null),
          })
        }
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
