import { zodResolver } from '@hookform/resolvers/zod';
import type { Capability } from '@contract/capabilities';
import { useForm } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
import { useCreateCapability } from '@/capabilities/api/create-capability';
import { useUpdateCapability } from '@/capabilities/api/update-capability';
import { CapabilityFormFields } from '@/capabilities/components/capability-form-fields';
import {
  capabilityFormDefaults,
  capabilityFormFields,
  capabilityFormSchema,
  toCapabilityInput,
  type CapabilityFormInput,
  type CapabilityFormValues,
} from '@/capabilities/lib/capability-form';
import { notifyError, notifySuccess } from '@/components/notify';
import { applyServerIssues } from '@/lib/server-issues';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type CapabilityFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this capability; without it, register a new one. */
  capability?: Capability;
};

/** Register Capability (POST) or Edit (PATCH, prefilled): one form, the contract's schema. */
export function CapabilityFormDialog({ open, onOpenChange, capability }: CapabilityFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{capability ? 'Edit Capability' : 'Register Capability'}</DialogTitle>
          <DialogDescription>
            {capability
              ? `Change how ${capability.name} (${capability.id}) is described in the catalogue.`
              : 'Add a backend service to the catalogue; it gets the next api-NNN id.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the capability's current values. */}
        {open && <CapabilityForm capability={capability} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CapabilityForm({ capability, onDone }: { capability?: Capability; onDone: () => void }) {
  const create = useCreateCapability();
  const update = useUpdateCapability();
  const pending = create.isPending || update.isPending;
  const form = useForm<CapabilityFormInput, unknown, CapabilityFormValues>({
    resolver: zodResolver(capabilityFormSchema),
    defaultValues: capabilityFormDefaults(capability),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: capability,
    toFormValues: capabilityFormDefaults,
    what: 'capability',
  });

  const onError = (error: unknown, fallback: string) => {
    if (conflict.handleError(error)) return;
    applyServerIssues(error, form.setError, (field) => capabilityFormFields.find((name) => name === field));
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    const input = toCapabilityInput(values);
    if (capability) {
      update.mutate(
        { id: capability.id, patch: input, ifMatch: conflict.revision() },
        {
          onSuccess: (updated) => {
            notifySuccess('Capability updated', `${updated.name} has been saved.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to update capability.'),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (created) => {
          notifySuccess('Capability registered', `${created.name} is registered as ${created.id}.`);
          onDone();
        },
        onError: (error) => onError(error, 'Failed to register capability.'),
      });
    }
  });

  const submitLabel = capability
    ? pending
      ? 'Saving...'
      : 'Save Changes'
    : pending
      ? 'Registering...'
      : 'Register';
  return (
    <DialogForm
      label={capability ? 'Edit capability' : 'Register capability'}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      <CapabilityFormFields form={form} />
    </DialogForm>
  );
}
