import type { ReleaseDraft } from '@contract/releases';
import { Layers } from 'lucide-react';
import { useId } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useReleaseDraft } from '@/releases/api/get-release-draft';
import { FileReleaseDialog } from '@/releases/components/file-release-dialog';
import { ReleaseChangeList } from '@/releases/components/release-change-list';
import { ReleaseNameFields } from '@/releases/components/release-name-fields';
import { useReleaseEditor, type ReleaseEditorState } from '@/releases/components/use-release-editor';
import { refusalsByIndex } from '@/releases/lib/release-edits';

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

/** The draft with changes: its name, its changes in order, and Save, Discard and File. */
function ReleaseEditor({ draft }: { draft: ReleaseDraft }) {
  const id = useId();
  const editor = useReleaseEditor(draft);
  const { changes, pending } = editor;
  return (
    <div className="space-y-6">
      <PageHeader
        title={draft.title.trim() || 'Release'}
        description="Changes added from the editors, filed together as one change request: reviewed once, applied in this order, all or none."
        actions={<ReleaseActions editor={editor} />}
      />
      {editor.dirty && (
        <p role="status" className="text-sm text-muted-foreground" data-testid="release-unsaved">
          Unsaved changes: Save keeps them; File release saves them first.
        </p>
      )}
      <ReleaseNameFields edits={editor.edits} disabled={pending} onEdit={editor.edit} />
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
            onMove={editor.move}
            onRemove={editor.remove}
            refusals={refusalsByIndex(editor.file.error)}
            disabled={pending}
          />
        )}
      </section>
      <ReleaseDialogs editor={editor} />
    </div>
  );
}

function ReleaseActions({ editor }: { editor: ReleaseEditorState }) {
  const { pending, setDialog } = editor;
  return (
    <>
      <Button variant="outline" disabled={pending} onClick={() => setDialog('discard')}>
        Discard release
      </Button>
      <Button variant="outline" disabled={pending || !editor.dirty} onClick={() => editor.persist()}>
        {editor.save.isPending ? 'Saving...' : 'Save'}
      </Button>
      <Button disabled={pending || editor.changes.length === 0} onClick={() => setDialog('file')}>
        File release
      </Button>
    </>
  );
}

function ReleaseDialogs({ editor }: { editor: ReleaseEditorState }) {
  const { dialog, setDialog } = editor;
  return (
    <>
      <FileReleaseDialog
        open={dialog === 'file'}
        onOpenChange={(open) => setDialog(open ? 'file' : null)}
        count={editor.changes.length}
        pending={editor.save.isPending || editor.file.isPending}
        error={editor.file.error}
        onFile={editor.fileIt}
      />
      <ConfirmDialog
        open={dialog === 'discard'}
        title="Discard this release?"
        description="Every change leaves it, and none of them is filed. The editors' changes are not applied anywhere."
        pending={editor.discard.isPending}
        confirmLabel="Discard release"
        pendingLabel="Discarding..."
        onConfirm={editor.discardIt}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
