import { zodResolver } from '@hookform/resolvers/zod';
import { tenantPatchSchema, type Tenant } from '@contract/tenants';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ConflictAlert, useConflictAwareSave } from '@/concurrency';
import { useCanOnTenant } from '@/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateTenant } from '@/tenants';
import { notifyError, notifySuccess } from '@/components/notify';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

const METADATA_FIELDS = [
  { name: 'dataClassification', label: 'Data Classification' },
  { name: 'dataRetentionRequirements', label: 'Data Retention Requirements' },
  { name: 'dataResidency', label: 'Data Residency' },
  { name: 'disasterRecoveryRequirements', label: 'Disaster Recovery Requirements' },
  { name: 'privacyLaws', label: 'Privacy Laws & Compliance' },
] as const;

const metadataSchema = tenantPatchSchema.pick({
  dataClassification: true,
  dataRetentionRequirements: true,
  dataResidency: true,
  disasterRecoveryRequirements: true,
  privacyLaws: true,
});
type MetadataInput = z.input<typeof metadataSchema>;
type MetadataValues = z.output<typeof metadataSchema>;

const metadataValues = (tenant: Tenant): MetadataInput =>
  Object.fromEntries(METADATA_FIELDS.map(({ name }) => [name, tenant[name] ?? '']));

type MetadataForm = UseFormReturn<MetadataInput, unknown, MetadataValues>;

/** The form, loaded from the tenant, and its save with the revision it was loaded at. */
function useMetadataForm(tenant: Tenant) {
  const update = useUpdateTenant(tenant.id);
  const form = useForm<MetadataInput, unknown, MetadataValues>({
    resolver: zodResolver(metadataSchema),
    defaultValues: metadataValues(tenant),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: tenant,
    toFormValues: metadataValues,
    what: 'tenant',
    labels: Object.fromEntries(METADATA_FIELDS.map(({ name, label }) => [name, label])),
  });

  // The promise, not mutate's per-call callbacks: a save re-keys this card (it restarts from the saved
  // values), and an unmounted card's callbacks never run, so the toast would be lost.
  const onSubmit = form.handleSubmit((values) =>
    update.mutateAsync({ patch: values, ifMatch: conflict.revision() }).then(
      (saved) => {
        conflict.saved(saved);
        notifySuccess('Configuration updated', 'Tenant configuration has been saved successfully.');
      },
      (error: unknown) => {
        if (!conflict.handleError(error)) notifyError(error, 'Failed to update configuration.');
      },
    ),
  );
  return { form, conflict, onSubmit, pending: update.isPending };
}

function MetadataFields({ form }: { form: MetadataForm }) {
  return METADATA_FIELDS.map(({ name, label }) => {
    const error = form.formState.errors[name];
    const id = `metadata-${name}`;
    return (
      <Field key={name} data-invalid={!!error || undefined}>
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <Textarea {...fieldControlProps(id, !!error)} rows={3} {...form.register(name)} />
        <FieldError id={`${id}-error`} errors={[error]} />
      </Field>
    );
  });
}

/** Five free-text data-governance areas; Save Configuration patches them. */
export function TenantMetadataCard({ tenant }: { tenant: Tenant }) {
  const canConfigure = useCanOnTenant(tenant.id, 'configure');
  const { form, conflict, onSubmit, pending } = useMetadataForm(tenant);
  const formRef = useFocusAfterSubmit(pending);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tenant Metadata</CardTitle>
        <CardDescription>
          Data governance: classification, retention, residency, recovery and compliance.
        </CardDescription>
      </CardHeader>
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Tenant metadata">
        <fieldset disabled={!canConfigure || pending}>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <div className="md:col-span-2 empty:hidden">
              <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
            </div>
            <MetadataFields form={form} />
          </CardContent>
          {canConfigure && (
            <CardFooter className="mt-6">
              <Button type="submit">{pending ? 'Saving...' : 'Save Configuration'}</Button>
            </CardFooter>
          )}
        </fieldset>
      </form>
    </Card>
  );
}
