import { zodResolver } from '@hookform/resolvers/zod';
import type { Microfrontend } from '@contract/microfrontends';
import { useForm } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/components/notify';
import { useCreateMicrofrontend } from '@/microfrontends/api/create-microfrontend';
import { useUpdateMicrofrontend } from '@/microfrontends/api/update-microfrontend';
import { TextField } from '@/microfrontends/registry/components/text-field';
import {
  microfrontendFormDefaults,
  microfrontendFormFields,
  microfrontendFormSchema,
  toMicrofrontendInput,
  type MicrofrontendFormInput,
  type MicrofrontendFormValues,
} from '@/microfrontends/registry/lib/microfrontend-form';
import { applyServerIssues } from '@/lib/server-issues';

type MicrofrontendFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this microfrontend; without it, register a new one. */
  microfrontend?: Microfrontend;
};

/** Register Microfrontend (POST) or Edit (PATCH, prefilled). */
export function MicrofrontendFormDialog({ open, onOpenChange, microfrontend }: MicrofrontendFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{microfrontend ? 'Edit Microfrontend' : 'Register Microfrontend'}</DialogTitle>
          <DialogDescription>
            {microfrontend
              ? `Change how ${microfrontend.name} is described in the registry.`
              : 'Add a microfrontend to the registry; its versions are added afterwards.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the current values. */}
        {open && <MicrofrontendForm microfrontend={microfrontend} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function MicrofrontendForm({ microfrontend, onDone }: { microfrontend?: Microfrontend; onDone: () => void }) {
  const create = useCreateMicrofrontend();
  const update = useUpdateMicrofrontend();
  const pending = create.isPending || update.isPending;
  const form = useForm<MicrofrontendFormInput, unknown, MicrofrontendFormValues>({
    resolver: zodResolver(microfrontendFormSchema),
    defaultValues: microfrontendFormDefaults(microfrontend),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: microfrontend,
    toFormValues: microfrontendFormDefaults,
    what: 'microfrontend',
  });
  const { errors } = form.formState;

  const onError = (error: unknown, fallback: string) => {
    if (conflict.handleError(error)) return;
    applyServerIssues(error, form.setError, (field) =>
      microfrontendFormFields.find((name) => name === field),
    );
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    const input = toMicrofrontendInput(values);
    if (microfrontend) {
      update.mutate(
        { id: microfrontend.id, patch: input, ifMatch: conflict.revision() },
        {
          onSuccess: (updated) => {
            notifySuccess('Microfrontend updated', `${updated.name} has been saved.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to update microfrontend.'),
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: (created) => {
        notifySuccess('Microfrontend registered', `${created.name} is registered as ${created.slug}.`);
        onDone();
      },
      onError: (error) => onError(error, 'Failed to register microfrontend.'),
    });
  });

  const submitLabel = microfrontend
    ? pending
      ? 'Saving...'
      : 'Save Changes'
    : pending
      ? 'Registering...'
      : 'Register';
  return (
    <DialogForm
      label={microfrontend ? 'Edit microfrontend' : 'Register microfrontend'}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      className="space-y-4"
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      <TextField
        id="mfe-name"
        label="Name"
        placeholder="Billing"
        registration={form.register('name')}
        error={errors.name}
      />
      <TextField
        id="mfe-slug"
        label="Slug"
        placeholder="billing"
        description="Unique; lower-case letters, digits and dashes."
        registration={form.register('slug')}
        error={errors.slug}
      />
      <TextField
        id="mfe-description"
        label="Description"
        registration={form.register('description')}
        error={errors.description}
      />
      <TextField
        id="mfe-repository"
        label="Repository"
        placeholder="https://github.com/acme/billing"
        registration={form.register('repository')}
        error={errors.repository}
      />
    </DialogForm>
  );
}
