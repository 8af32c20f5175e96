import type { Microfrontend } from '@contract/microfrontends';
import { FormDialog } from '@/components/form-dialog';
import { SaveDialogForm, oneOf, useResourceForm } from '@/concurrency';
import { notifySuccess } from '@/components/notify';
import { microfrontendLive } from '@/microfrontends/api/get-microfrontend';
import { useCreateMicrofrontend } from '@/microfrontends/api/create-microfrontend';
import { useUpdateMicrofrontend } from '@/microfrontends/api/update-microfrontend';
import { MicrofrontendFormFields } from '@/microfrontends/registry/components/microfrontend-form-fields';
import {
  microfrontendFormDefaults,
  microfrontendFormFields,
  microfrontendFormSchema,
  toMicrofrontendInput,
} from '@/microfrontends/registry/lib/microfrontend-form';
import type { DialogOpenProps } from '@/components/dialog-open';
import { ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed';

type MicrofrontendFormDialogProps = DialogOpenProps & {
  /** Edit this microfrontend; without it, register a new one. */
  microfrontend?: Microfrontend;
};

/** Register Microfrontend (POST) or Edit (PATCH, prefilled). */
export function MicrofrontendFormDialog({ open, onOpenChange, microfrontend }: MicrofrontendFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-lg"
      title={microfrontend ? 'Edit Microfrontend' : 'Register Microfrontend'}
      description={
        microfrontend ? (
          <>
            Change how {microfrontend.name} is described in the registry.{' '}
            <ManagedInGitBadge tenantId={null} />
          </>
        ) : (
          'Add a microfrontend to the registry; its versions are added afterwards.'
        )
      }
    >
      <MicrofrontendForm microfrontend={microfrontend} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** How this dialog makes a new microfrontend. */
const CREATE = { verb: 'Register', submit: 'Register', pending: 'Registering...' };

function MicrofrontendForm({ microfrontend, onDone }: { microfrontend?: Microfrontend; onDone: () => void }) {
  const create = useCreateMicrofrontend();
  const update = useUpdateMicrofrontend();
  const pending = create.isPending || update.isPending;
  const { form, conflict, outcome } = useResourceForm({
    schema: microfrontendFormSchema,
    defaults: microfrontendFormDefaults,
    resource: microfrontend,
    what: 'microfrontend',
    toField: oneOf(microfrontendFormFields),
    onDone,
    live: microfrontendLive,
  });

  const onSubmit = form.handleSubmit((values) => {
    const input = toMicrofrontendInput(values);
    if (microfrontend) {
      update.mutate(
        { id: microfrontend.id, patch: input, ifMatch: conflict.revision() },
        outcome(
          (updated) => notifySuccess('Microfrontend updated', `${updated.name} has been saved.`),
          'Failed to update microfrontend.',
        ),
      );
      return;
    }
    create.mutate(
      input,
      outcome(
        (created) =>
          notifySuccess('Microfrontend registered', `${created.name} is registered as ${created.slug}.`),
        'Failed to register microfrontend.',
      ),
    );
  });

  return (
    <SaveDialogForm
      editing={!!microfrontend}
      noun="microfrontend"
      create={CREATE}
      pending={pending}
      conflict={conflict}
      onSubmit={onSubmit}
      className="space-y-4"
    >
      {microfrontend && <ManagedInGitNotice tenantId={null} what="microfrontend" />}
      <MicrofrontendFormFields form={form} />
    </SaveDialogForm>
  );
}
