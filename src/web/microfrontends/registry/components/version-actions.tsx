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

/**
 * Per version (administrators): Edit and Publish for drafts, Deprecate for anything not yet deprecated.
 * Publishing freezes the version for good, so it asks first.
 */
export function VersionActions({ version, onEdit }: VersionActionsProps) {
  const publish = usePublishVersion();
  const deprecate = useDeprecateVersion();
  const pending = publish.isPending || deprecate.isPending;
  const isDraft = version.status === 'draft';
  const [confirming, setConfirming] = useState(false);

  const onPublish = () =>
    publish.mutate(version.id, {
      onSuccess: () =>
        notifySuccess('Version published', `${version.version} can now be deployed and used in meshes.`),
      onError: (error) => notifyError(error, 'Failed to publish version.'),
      onSettled: () => setConfirming(false),
    });
  const onDeprecate = () =>
    deprecate.mutate(version.id, {
      onSuccess: () => notifySuccess('Version deprecated', `${version.version} is no longer offered.`),
      onError: (error) => notifyError(error, 'Failed to deprecate version.'),
    });

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
      <ConfirmDialog
        open={confirming}
        title={`Publish and freeze version ${version.version}?`}
        description="A published version is frozen: its entry URL, exposed modules and integrity hash can never change again. It can be deployed and used in meshes at once. To replace it later, publish a new version and deprecate this one."
        pending={publish.isPending}
        onConfirm={onPublish}
        onClose={() => setConfirming(false)}
        confirmLabel="Publish version"
        pendingLabel="Publishing..."
        confirmVariant="default"
      />
    </div>
  );
}
