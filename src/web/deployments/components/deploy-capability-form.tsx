import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DeployDialogForm, type DeployFormProps } from '@/deployments/components/deploy-dialog-form';
import {
  deployCapabilityFormSchema,
  type DeployCapabilityFormInput,
  type DeployCapabilityFormValues,
} from '@/deployments/lib/deploy-forms';

type DeployCapabilityFormProps = DeployFormProps<{ version: string; endpoint: string | null }>;

/** Enter the capability version to deploy, and optionally the endpoint it answers on. */
export function DeployCapabilityFormFields({ pending, onSubmit, submitLabel }: DeployCapabilityFormProps) {
  const form = useForm<DeployCapabilityFormInput, unknown, DeployCapabilityFormValues>({
    resolver: zodResolver(deployCapabilityFormSchema),
    defaultValues: { version: '', endpoint: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ version, endpoint }) =>
    onSubmit({ version, endpoint: endpoint || null }),
  );

  return (
    <DeployDialogForm pending={pending} submitLabel={submitLabel} onSubmit={submit} className="space-y-4">
      <Field data-invalid={!!errors.version || undefined}>
        <FieldLabel htmlFor="deploy-version">Version</FieldLabel>
        <Input
          {...fieldControlProps('deploy-version', !!errors.version)}
          placeholder="2.1.0"
          {...form.register('version')}
        />
        <FieldError id="deploy-version-error" errors={[errors.version]} />
      </Field>
      <Field data-invalid={!!errors.endpoint || undefined}>
        <FieldLabel htmlFor="deploy-endpoint">Endpoint</FieldLabel>
        <Input
          {...fieldControlProps('deploy-endpoint', !!errors.endpoint)}
          placeholder="https://api.example.com/service/v2"
          {...form.register('endpoint')}
        />
        <FieldDescription>Optional; also the slot's deployed URL.</FieldDescription>
        <FieldError id="deploy-endpoint-error" errors={[errors.endpoint]} />
      </Field>
    </DeployDialogForm>
  );
}
