import { policyTypes } from '@contract/gateway';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CapabilitySelect } from '@/gateway/components/capability-select';
import type { LineageFieldsProps } from '@/gateway/components/lineage-entry';
import { RegoField } from '@/gateway/components/rego-field';
import { SwitchField } from '@/gateway/components/switch-field';
import { TextField } from '@/gateway/components/text-field';
import { policyTypeLabels, type PolicyFormValues } from '@/gateway/lib/policy-form';
import { regoProblemsOf } from '@/gateway/lib/rego-problems';

/** Capability, name, description, type, enabled and the Rego source with the last save's problems. */
export function PolicyFormFields({ form, capability, serverError }: LineageFieldsProps<PolicyFormValues>) {
  const { errors } = form.formState;
  // The same list between renders, so the editor marks the problems only when they change.
  const regoProblems = useMemo(() => regoProblemsOf(serverError), [serverError]);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={form.control}
        name="capabilityId"
        render={({ field }) => (
          <CapabilitySelect
            id="policy-capabilityId"
            field={field}
            {...capability}
            error={errors.capabilityId}
          />
        )}
      />
      <TextField
        form={form}
        name="name"
        id="policy-name"
        label="Name"
        error={errors.name}
        placeholder="orders-authz"
      />
      <Field className="sm:col-span-2" data-invalid={!!errors.description || undefined}>
        <FieldLabel htmlFor="policy-description">Description</FieldLabel>
        <Textarea
          {...fieldControlProps('policy-description', !!errors.description)}
          rows={2}
          {...form.register('description')}
        />
        <FieldError id="policy-description-error" errors={[errors.description]} />
      </Field>
      <PolicyTypeField form={form} />
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => <SwitchField id="policy-enabled" label="Enabled" field={field} />}
      />
      <div className="sm:col-span-2">
        <RegoField
          id="policy-policyContent"
          label="Rego policy"
          control={form.control}
          error={errors.policyContent}
          problems={regoProblems}
        />
      </div>
    </div>
  );
}

/** The policy's type, one of the contract's. */
function PolicyTypeField({ form }: { form: UseFormReturn<PolicyFormValues> }) {
  const error = form.formState.errors.policyType;
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor="policy-policyType">Type</FieldLabel>
      <Controller
        control={form.control}
        name="policyType"
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger
              {...fieldControlProps('policy-policyType', !!error)}
              className="w-full"
              onBlur={field.onBlur}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {policyTypes.map((type) => (
                <SelectItem key={type} value={type}>
                  {policyTypeLabels[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <FieldError id="policy-policyType-error" errors={[error]} />
    </Field>
  );
}
