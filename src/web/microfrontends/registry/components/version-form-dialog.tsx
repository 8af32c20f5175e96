import type { Microfrontend, MicrofrontendVersion } from '@contract/microfrontends';
import { FormDialog } from '@/components/form-dialog';
import { SaveDialogForm, oneOf, useResourceForm } from '@/concurrency';
import { notifySuccess } from '@/components/notify';
import { useCreateVersion } from '@/microfrontends/api/create-version';
import { useUpdateVersion } from '@/microfrontends/api/update-version';
import { VersionFormFields } from '@/microfrontends/registry/components/version-form-fields';
import {
  toVersionBody,
  versionFormDefaults,
  versionFormFields,
  versionFormSchema,
} from '@/microfrontends/registry/lib/version-form';
import type { DialogOpenProps } from '@/components/dialog-open';

type VersionFormDialogProps = DialogOpenProps & {
  microfrontend: Microfrontend | null;
  /** Edit this draft; without it, add a new draft version. */
  version?: MicrofrontendVersion;
};

/** Add Version (POST, a draft) or Edit Version (PATCH of a draft, prefilled). */
export function VersionFormDialog({ open, onOpenChange, microfrontend, version }: VersionFormDialogProps) {
  return (
    <FormDialog
      open={open && microfrontend !== null}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      title={version ? `Edit Version ${version.version}` : 'Add Version'}
      description={
        version
          ? `Change this draft of ${microfrontend?.name ?? ''}.`
          : `A new draft of ${microfrontend?.name ?? ''}; publish it once its entry URL, exposed modules and integrity hash are set.`
      }
    >
      {microfrontend && (
        <VersionForm microfrontend={microfrontend} version={version} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  );
}

type VersionFormProps = { microfrontend: Microfrontend; version?: MicrofrontendVersion; onDone: () => void };

/** How this dialog makes a new version. */
const CREATE = { verb: 'Add', submit: 'Add Version', pending: 'Adding...' };

function VersionForm({ microfrontend, version, onDone }: VersionFormProps) {
  const create = useCreateVersion();
  const update = useUpdateVersion();
  const pending = create.isPending || update.isPending;
  const { form, conflict, outcome } = useResourceForm({
    schema: versionFormSchema,
    defaults: versionFormDefaults,
    resource: version,
    what: 'version',
    toField: oneOf(versionFormFields),
    onDone,
  });

  const onSubmit = form.handleSubmit((values) => {
    const body = toVersionBody(values);
    if (version) {
      update.mutate(
        { id: version.id, patch: body, ifMatch: conflict.revision() },
        outcome(
          (updated) =>
            notifySuccess('Version updated', `${microfrontend.name} ${updated.version} has been saved.`),
          'Failed to update version.',
        ),
      );
      return;
    }
    create.mutate(
      { ...body, microfrontendId: microfrontend.id },
      outcome(
        (created) => notifySuccess('Version added', `${microfrontend.name} ${created.version} is a draft.`),
        'Failed to add version.',
      ),
    );
  });

  return (
    <SaveDialogForm
      editing={!!version}
      noun="version"
      create={CREATE}
      pending={pending}
      conflict={conflict}
      onSubmit={onSubmit}
    >
      <VersionFormFields form={form} />
    </SaveDialogForm>
  );
}
