import { DELETE_ALL_CONFIRMATION } from '@contract/settings';
import { useState, type FormEvent } from 'react';
import { DialogForm } from '@/components/dialog-form';
import { FormDialog } from '@/components/form-dialog';
import { Field, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useDeleteAllResources } from '@/settings/api/delete-all-resources';
import { describeCounts } from '@/settings/lib/settings-input';
import { notifyError, notifySuccess } from '@/components/notify';

type DeleteAllDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Delete All Resources: enabled only once the confirmation phrase is typed exactly. */
export function DeleteAllDialog({ open, onOpenChange }: DeleteAllDialogProps) {
  const [phrase, setPhrase] = useState('');
  const remove = useDeleteAllResources();
  const matches = phrase === DELETE_ALL_CONFIRMATION;

  const close = (next: boolean) => {
    if (next || remove.isPending) return;
    setPhrase('');
    onOpenChange(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(undefined, {
      onSuccess: (counts) => {
        notifySuccess('All resources deleted', describeCounts(counts));
        setPhrase('');
        onOpenChange(false);
      },
      onError: (error) => notifyError(error, 'Failed to delete all resources.'),
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title="Delete All Resources"
      description="Every tenant with its web apps, user profiles, subscriptions and meshes, and every deployment, is removed. Users, capabilities, microfrontends, templates and settings stay. This cannot be undone."
    >
      <DialogForm
        label="Delete all resources"
        pending={remove.isPending}
        submitLabel="Delete All Resources"
        pendingLabel="Deleting..."
        submitDisabled={!matches}
        destructive
        onSubmit={onSubmit}
      >
        <Field>
          <FieldLabel htmlFor="delete-all-confirmation">Confirmation</FieldLabel>
          <Input
            id="delete-all-confirmation"
            autoComplete="off"
            value={phrase}
            onChange={(event) => setPhrase(event.target.value)}
          />
          <FieldDescription>
            Type <strong className="font-mono">{DELETE_ALL_CONFIRMATION}</strong> to confirm.
          </FieldDescription>
        </Field>
      </DialogForm>
    </FormDialog>
  );
}
