import { zodResolver } from '@hookform/resolvers/zod';
import { globalRoleNames, globalRoles } from '@contract/vocabulary';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { FormDialog } from '@/components/form-dialog';
import { FormSelect } from '@/components/form-select';
import { FormTextField } from '@/components/form-text-field';
import { notifySuccess } from '@/components/notify';
import { notifyFormFailure } from '@/components/notify-form-failure';
import { oneOf } from '@/concurrency';
import { useCreateServiceAccount } from '@/users/api/create-service-account';
import {
  serviceAccountFormDefaults,
  serviceAccountFormFields,
  serviceAccountFormSchema,
  type ServiceAccountFormInput,
  type ServiceAccountFormValues,
} from '@/users/lib/service-account-form';

const roleOptions = globalRoles.map((role) => ({ value: role, label: globalRoleNames[role] }));

type ServiceAccountDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Add service account (administrators): a name and a global role; tenant roles come after. */
export function ServiceAccountDialog({ open, onOpenChange }: ServiceAccountDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add service account"
      description="An account for a pipeline: it never signs in and acts only through its API tokens. Give it tenant access afterwards with Manage Access."
    >
      <ServiceAccountForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ServiceAccountForm({ onDone }: { onDone: () => void }) {
  const create = useCreateServiceAccount();
  const form = useForm<ServiceAccountFormInput, unknown, ServiceAccountFormValues>({
    resolver: zodResolver(serviceAccountFormSchema),
    defaultValues: serviceAccountFormDefaults(),
  });
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (account) => {
        notifySuccess('Service account created', `${account.name} has been added.`);
        onDone();
      },
      onError: (error) => {
        // A taken name is a 409 without field issues: it belongs beside the name.
        const toField = oneOf(serviceAccountFormFields);
        notifyFormFailure(error, form.setError, toField, 'Failed to create service account.', 'name');
      },
    }),
  );
  return (
    <DialogForm
      label="Add service account"
      pending={create.isPending}
      submitLabel="Add service account"
      pendingLabel="Adding..."
      onSubmit={onSubmit}
    >
      <FormTextField
        form={form}
        name="name"
        id="service-account-name"
        label="Name"
        placeholder="deploy-bot"
        description="Letters, digits, spaces, dots, dashes and underscores."
        autoComplete="off"
      />
      <FormSelect
        control={form.control}
        name="globalRole"
        id="service-account-globalRole"
        label="Global Role"
        options={roleOptions}
      />
    </DialogForm>
  );
}
