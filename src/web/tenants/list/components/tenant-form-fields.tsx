import { dataClassifications, residencyRegions, tenantStatuses } from '@contract/vocabulary';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { getStatusStyle } from '@/components/status-badge';
import {
  Field,
  FieldError,
  FieldLabel,
  FieldLegend,
  FieldSet,
  fieldControlProps,
} from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { FormSelect } from '@/components/form-select';
import { SavedValueSelect } from '@/tenants/list/components/saved-value-select';
import { classificationLabel, drTierOptions } from '@/tenants/list/lib/labels';
import type { TenantFormInput, TenantFormValues } from '@/tenants/list/lib/tenant-form';

type Form = UseFormReturn<TenantFormInput, unknown, TenantFormValues>;

function RequiredInput({
  form,
  name,
  label,
  placeholder,
}: {
  form: Form;
  name: 'name' | 'owner';
  label: string;
  placeholder: string;
}) {
  const error = form.formState.errors[name];
  const id = `tenant-${name}`;
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input
        {...fieldControlProps(id, !!error)}
        required
        placeholder={placeholder}
        {...form.register(name)}
      />
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}

const ENVIRONMENT_SWITCHES = [
  ['developmentEnabled', 'Development'],
  ['uatEnabled', 'UAT'],
  ['productionEnabled', 'Production'],
] as const;

const statusOptions = tenantStatuses.map((value) => ({ value, label: getStatusStyle(value).label }));

/** The data-governance selects, in the form's order. */
const GOVERNANCE_SELECTS = [
  {
    name: 'dataResidency',
    label: 'Data Residency',
    placeholder: 'Select a region',
    options: residencyRegions.map((value) => ({ value, label: value })),
  },
  {
    name: 'dataClassification',
    label: 'Data Classification',
    placeholder: 'Select a classification',
    options: dataClassifications.map((value) => ({ value, label: classificationLabel(value) })),
  },
  {
    name: 'disasterRecoveryRequirements',
    label: 'Disaster Recovery',
    placeholder: 'Select a tier',
    options: drTierOptions,
  },
] as const;

/** Create Tenant / Edit fields (docs/product.md, Create and configure dialogs). */
export function TenantFormFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <RequiredInput form={form} name="name" label="Tenant Name" placeholder="Acme Corporation" />
      <RequiredInput form={form} name="owner" label="Owner" placeholder="owner@example.com" />
      <Field className="sm:col-span-2" data-invalid={!!errors.description || undefined}>
        <FieldLabel htmlFor="tenant-description">Description</FieldLabel>
        <Textarea
          {...fieldControlProps('tenant-description', !!errors.description)}
          rows={2}
          {...form.register('description')}
        />
        <FieldError id="tenant-description-error" errors={[errors.description]} />
      </Field>
      <FormSelect
        control={form.control}
        name="status"
        id="tenant-status"
        label="Status"
        options={statusOptions}
      />
      {GOVERNANCE_SELECTS.map((select) => (
        <SavedValueSelect key={select.name} form={form} idPrefix="tenant" {...select} />
      ))}
      <FieldSet className="gap-3 sm:col-span-2">
        <FieldLegend variant="label">Environments</FieldLegend>
        <div className="flex flex-wrap gap-6">
          {ENVIRONMENT_SWITCHES.map(([name, label]) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <Field orientation="horizontal" className="w-auto">
                  <Switch id={`tenant-${name}`} checked={field.value} onCheckedChange={field.onChange} />
                  <FieldLabel htmlFor={`tenant-${name}`}>{label}</FieldLabel>
                </Field>
              )}
            />
          ))}
        </div>
      </FieldSet>
    </div>
  );
}
