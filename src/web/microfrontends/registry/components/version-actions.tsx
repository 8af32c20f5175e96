import type { MicrofrontendVersion } from '@contract/microfrontends';
import { Archive, Pencil, Upload } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/components/notify';
import { useDeprecateVersion } from '@/microfrontends/api/deprecate-version';
import { usePublishVersion } from '@/microfrontends/api/publish-version';

type VersionActionsProps = {
  version: MicrofrontendVersion;
  onEdit: (version: MicrofrontendVersion) => void;
};

/** Publish (then `onPublished`, which closes the confirmation either way) and Deprecate, with their toasts. */
function useVersionWrites(version: MicrofrontendVersion, onPublished: () => void) {
  const publish = usePublishVersion();
  const deprecate = useDeprecateVersion();
  const onPublish = () =>
    publish.mutate(version.id, {
      onSuccess: () =>
        notifySuccess('Version published', `${version.version} can now be deployed and used in meshes.`),
      onError: (error) => notifyError(error, 'Failed to publish version.'),
      onSettled: onPublished,
    });
  const onDeprecate = () =>
    deprecate.mutate(version.id, {
      onSuccess: () => notifySuccess('Version deprecated', `${version.version} is no longer offered.`),
      onError: (error) => notifyError(error, 'Failed to deprecate version.'),
    });
  return { publish, deprecate, onPublish, onDeprecate };
}

type PublishConfirmDialogProps = {
  /** "1.2.0". */
  version: string;
  open: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Publishing freezes the version for good: the confirmation says what that means. */
function PublishConfirmDialog({ version, open, pending, onConfirm, onClose }: PublishConfirmDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={`Publish and freeze version ${version}?`}
      description="A published version is frozen: its entry URL, exposed modules and integrity hash can never change again. It can be deployed and used in meshes at once. To replace it later, publish a new version and deprecate this one."
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmLabel="Publish version"
      pendingLabel="Publishing..."
      confirmVariant="default"
    />
  );
}

/**
 * Per version (administrators): Edit and Publish for drafts, Deprecate for anything not yet deprecated.
 * Publishing freezes the version for good, so it asks first.
 */
export function VersionActions({ version, onEdit }: VersionActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const { publish, deprecate, onPublish, onDeprecate } = useVersionWrites(version, () =>
    setConfirming(false),
  );
  const pending = publish.isPending || deprecate.isPending;
  const isDraft = version.status === 'draft';

  return (
    <div className="flex justify-end gap-1">
      {isDraft && (
        <Button
          variant="ghost"
          size="sm"
          disabled={pending}
          onClick={() => onEdit(version)}
          aria-label={`Edit version ${version.version}`}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      )}
      {isDraft && (
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() => setConfirming(true)}
          aria-label={`Publish version ${version.version}`}
        >
          <Upload aria-hidden="true" />
          {publish.isPending ? 'Publishing...' : 'Publish'}
        </Button>
      )}
      {version.status !== 'deprecated' && (
        <Button
          variant="ghost"
          size="sm"
          disabled={pending}
          onClick={onDeprecate}
          aria-label={`Deprecate version ${version.version}`}
        >
          <Archive aria-hidden="true" />
          {deprecate.isPending ? 'Deprecating...' : 'Deprecate'}
        </Button>
      )}
      <PublishConfirmDialog
        version={version.version}
        open={confirming}
        pending={publish.isPending}
        onConfirm={onPublish}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
