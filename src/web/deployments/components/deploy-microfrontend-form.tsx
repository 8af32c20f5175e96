import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { DeployDialogForm, type DeployFormProps } from '@/deployments/components/deploy-dialog-form';
import { deployMicrofrontendFormSchema, type DeployMicrofrontendForm } from '@/deployments/lib/deploy-forms';
import { usePublishedVersions } from '@/microfrontends';

type DeployMicrofrontendFormProps = DeployFormProps<{ versionId: string; version: string }> & {
  microfrontendId: string;
};

/** Choose one of the microfrontend's published versions. */
export function DeployMicrofrontendFormFields({
  microfrontendId,
  pending,
  onSubmit,
  submitLabel,
}: DeployMicrofrontendFormProps) {
  const published = usePublishedVersions(microfrontendId);
  const versions = published.data ?? [];
  const form = useForm<DeployMicrofrontendForm>({
    resolver: zodResolver(deployMicrofrontendFormSchema),
    defaultValues: { versionId: '' },
  });
  const error = form.formState.errors.versionId;

  const submit = form.handleSubmit(({ versionId }) =>
    onSubmit({ versionId, version: versions.find((v) => v.id === versionId)?.version ?? versionId }),
  );
  const placeholder =
    published.status === 'pending'
      ? 'Loading versions...'
      : versions.length === 0
        ? 'No published versions'
        : 'Select a published version';

  return (
    <DeployDialogForm pending={pending} submitLabel={submitLabel} onSubmit={submit}>
      <Field data-invalid={!!error || undefined}>
        <FieldLabel htmlFor="deploy-version">Version</FieldLabel>
        <Controller
          control={form.control}
          name="versionId"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={versions.length === 0}>
              <SelectTrigger
                {...fieldControlProps('deploy-version', !!error)}
                className="w-full"
                onBlur={field.onBlur}
              >
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
              <SelectContent>
                {versions.map((version) => (
                  <SelectItem key={version.id} value={version.id}>
                    {version.version}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id="deploy-version-error" errors={[error]} />
      </Field>
    </DeployDialogForm>
  );
}
