import { zodResolver } from '@hookform/resolvers/zod';
import type { Microfrontend, MicrofrontendVersion } from '@contract/microfrontends';
import { useForm } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/components/notify';
import { useCreateVersion } from '@/microfrontends/api/create-version';
import { useUpdateVersion } from '@/microfrontends/api/update-version';
import { VersionFormFields } from '@/microfrontends/registry/components/version-form-fields';
import { applyServerIssues } from '@/lib/server-issues';
import {
  toVersionBody,
  versionFormDefaults,
  versionFormFields,
  versionFormSchema,
  type VersionFormInput,
  type VersionFormValues,
} from '@/microfrontends/registry/lib/version-form';

type VersionFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  microfrontend: Microfrontend | null;
  /** Edit this draft; without it, add a new draft version. */
  version?: MicrofrontendVersion;
};

/** Add Version (POST, a draft) or Edit Version (PATCH of a draft, prefilled). */
export function VersionFormDialog({ open, onOpenChange, microfrontend, version }: VersionFormDialogProps) {
  return (
    <Dialog open={open && microfrontend !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{version ? `Edit Version ${version.version}` : 'Add Version'}</DialogTitle>
          <DialogDescription>
            {version
              ? `Change this draft of ${microfrontend?.name ?? ''}.`
              : `A new draft of ${microfrontend?.name ?? ''}; publish it once its entry URL, exposed modules and integrity hash are set.`}
          </DialogDescription>
        </DialogHeader>
        {open && microfrontend && (
          <VersionForm microfrontend={microfrontend} version={version} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

type VersionFormProps = { microfrontend: Microfrontend; version?: MicrofrontendVersion; onDone: () => void };

function VersionForm({ microfrontend, version, onDone }: VersionFormProps) {
  const create = useCreateVersion();
  const update = useUpdateVersion();
  const pending = create.isPending || update.isPending;
  const form = useForm<VersionFormInput, unknown, VersionFormValues>({
    resolver: zodResolver(versionFormSchema),
    defaultValues: versionFormDefaults(version),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: version,
    toFormValues: versionFormDefaults,
    what: 'version',
  });

  const onError = (error: unknown, fallback: string) => {
    if (conflict.handleError(error)) return;
    applyServerIssues(error, form.setError, (field) => versionFormFields.find((name) => name === field));
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    const body = toVersionBody(values);
    if (version) {
      update.mutate(
        { id: version.id, patch: body, ifMatch: conflict.revision() },
        {
          onSuccess: (updated) => {
            notifySuccess('Version updated', `${microfrontend.name} ${updated.version} has been saved.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to update version.'),
        },
      );
      return;
    }
    create.mutate(
      { ...body, microfrontendId: microfrontend.id },
      {
        onSuccess: (created) => {
          notifySuccess('Version added', `${microfrontend.name} ${created.version} is a draft.`);
          onDone();
        },
        onError: (error) => onError(error, 'Failed to add version.'),
      },
    );
  });

  const submitLabel = version
    ? pending
      ? 'Saving...'
      : 'Save Changes'
    : pending
      ? 'Adding...'
      : 'Add Version';
  return (
    <DialogForm
      label={version ? 'Edit version' : 'Add version'}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      <VersionFormFields form={form} />
    </DialogForm>
  );
}
