import type { MicrofrontendVersion } from '@contract/microfrontends';
import { Archive, Pencil, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeprecateVersion } from '@/microfrontends/api/deprecate-version';
import { usePublishVersion } from '@/microfrontends/api/publish-version';

type VersionActionsProps = {
  version: MicrofrontendVersion;
  onEdit: (version: MicrofrontendVersion) => void;
};

/** Per version (administrators): Edit and Publish for drafts, Deprecate for anything not yet deprecated. */
export function VersionActions({ version, onEdit }: VersionActionsProps) {
  const publish = usePublishVersion();
  const deprecate = useDeprecateVersion();
  const pending = publish.isPending || deprecate.isPending;
  const isDraft = version.status === 'draft';

  const onPublish = () =>
    publish.mutate(version.id, {
      onSuccess: () =>
        notifySuccess('Version published', `${version.version} can now be deployed and used in meshes.`),
      onError: (error) => notifyError(error, 'Failed to publish version.'),
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
          onClick={onPublish}
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
    </div>
  );
}
