import type { Environment } from '@contract/common';
import { policyTypeNames, policyTypes, type RegoProblem } from '@contract/gateway';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { CapabilitySelect } from '@/gateway/components/capability-select';
import { RegoField } from '@/gateway/components/rego-field';
import type { PolicyFormValues } from '@/gateway/lib/policy-form';

type PolicyFormFieldsProps = {
  form: UseFormReturn<PolicyFormValues>;
  tenantId: string;
  environment: Environment;
  editing: boolean;
  regoProblems: readonly RegoProblem[];
};

/** Capability, name, description, type, enabled and the Rego source. */
export function PolicyFormFields({
  form,
  tenantId,
  environment,
  editing,
  regoProblems,
}: PolicyFormFieldsProps) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={form.control}
        name="capabilityId"
        render={({ field }) => (
          <CapabilitySelect
            id="policy-capabilityId"
            tenantId={tenantId}
            environment={environment}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.capabilityId}
            disabled={editing}
          />
        )}
      />
      <Field data-invalid={!!errors.name || undefined}>
        <FieldLabel htmlFor="policy-name">Name</FieldLabel>
        <Input
          {...fieldControlProps('policy-name', !!errors.name)}
          placeholder="orders-authz"
          autoComplete="off"
          {...form.register('name')}
        />
        <FieldError id="policy-name-error" errors={[errors.name]} />
      </Field>
      <Field className="sm:col-span-2" data-invalid={!!errors.description || undefined}>
        <FieldLabel htmlFor="policy-description">Description</FieldLabel>
        <Textarea
          {...fieldControlProps('policy-description', !!errors.description)}
          rows={2}
          {...form.register('description')}
        />
        <FieldError id="policy-description-error" errors={[errors.description]} />
      </Field>
      <Field data-invalid={!!errors.policyType || undefined}>
        <FieldLabel htmlFor="policy-policyType">Type</FieldLabel>
        <Controller
          control={form.control}
          name="policyType"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger
                {...fieldControlProps('policy-policyType', !!errors.policyType)}
                className="w-full"
                onBlur={field.onBlur}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {policyTypes.map((type) => (
                  <SelectItem key={type} value={type}>
                    {policyTypeNames[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id="policy-policyType-error" errors={[errors.policyType]} />
      </Field>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <Field orientation="horizontal" className="self-start sm:pt-7">
            <Switch id="policy-enabled" checked={field.value} onCheckedChange={field.onChange} />
            <FieldLabel htmlFor="policy-enabled">Enabled</FieldLabel>
          </Field>
        )}
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
