import type { Capability } from '@contract/capabilities';
import { useCreateCapability } from '@/capabilities/api/create-capability';
import { capabilityLive } from '@/capabilities/api/get-capability';
import { useUpdateCapability } from '@/capabilities/api/update-capability';
import { CapabilityFormFields } from '@/capabilities/components/capability-form-fields';
import {
  capabilityFormDefaults,
  capabilityFormFields,
  capabilityFormSchema,
  toCapabilityInput,
} from '@/capabilities/lib/capability-form';
import { notifySuccess } from '@/components/notify';
import { FormDialog } from '@/components/form-dialog';
import { SaveDialogForm, oneOf, useResourceForm } from '@/concurrency';
import type { DialogOpenProps } from '@/components/dialog-open';
import { ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed';

type CapabilityFormDialogProps = DialogOpenProps & {
  /** Edit this capability; without it, register a new one. */
  capability?: Capability;
};

/** Register Capability (POST) or Edit (PATCH, prefilled): one form, the contract's schema. */
export function CapabilityFormDialog({ open, onOpenChange, capability }: CapabilityFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-2xl"
      title={capability ? 'Edit Capability' : 'Register Capability'}
      description={
        capability ? (
          <>
            Change how {capability.name} ({capability.id}) is described in the catalogue.{' '}
            <ManagedInGitBadge tenantId={null} />
          </>
        ) : (
          'Add a backend service to the catalogue; it gets the next api-NNN id.'
        )
      }
    >
      <CapabilityForm capability={capability} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** How this dialog makes a new capability. */
const CREATE = { verb: 'Register', submit: 'Register', pending: 'Registering...' };

function CapabilityForm({ capability, onDone }: { capability?: Capability; onDone: () => void }) {
  const create = useCreateCapability();
  const update = useUpdateCapability();
  const pending = create.isPending || update.isPending;
  const { form, conflict, outcome } = useResourceForm({
    schema: capabilityFormSchema,
    defaults: capabilityFormDefaults,
    resource: capability,
    what: 'capability',
    toField: oneOf(capabilityFormFields),
    onDone,
    live: capabilityLive,
  });

  const onSubmit = form.handleSubmit((values) => {
    const input = toCapabilityInput(values);
    if (capability) {
      update.mutate(
        { id: capability.id, patch: input, ifMatch: conflict.revision() },
        outcome(
          (updated) => notifySuccess('Capability updated', `${updated.name} has been saved.`),
          'Failed to update capability.',
        ),
      );
    } else {
      create.mutate(
        input,
        outcome(
          (created) =>
            notifySuccess('Capability registered', `${created.name} is registered as ${created.id}.`),
          'Failed to register capability.',
        ),
      );
    }
  });

  return (
    <SaveDialogForm
      editing={!!capability}
      noun="capability"
      create={CREATE}
      pending={pending}
      conflict={conflict}
      onSubmit={onSubmit}
    >
      {capability && <ManagedInGitNotice tenantId={null} what="capability" />}
      <CapabilityFormFields form={form} />
    </SaveDialogForm>
  );
}
