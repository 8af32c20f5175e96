import { controlPlaneRegions, environments } from '@contract/common';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ConfigureFormValues } from '@/tenants/control-plane/lib/configure-form';
import { environmentName } from '@/tenants/control-plane/lib/labels';

type FieldsProps = {
  form: UseFormReturn<ConfigureFormValues>;
  /** The server's issues about the configuration (invalid JSON, JSON Schema violations). */
  configurationIssues: string[];
};

export function ConfigureCapabilityFields({ form, configurationIssues }: FieldsProps) {
  const configInvalid = configurationIssues.length > 0;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="environment"
          render={({ field }) => (
            <Field>
              <FieldLabel htmlFor="configure-environment">Environment</FieldLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="configure-environment" className="w-full">
                  <SelectValue placeholder="Select environment" />
                </SelectTrigger>
                <SelectContent>
                  {environments.map((value) => (
                    <SelectItem key={value} value={value}>
                      {environmentName(value)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name="region"
          render={({ field }) => (
            <Field>
              <FieldLabel htmlFor="configure-region">Region</FieldLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="configure-region" className="w-full">
                  <SelectValue placeholder="Select region" />
                </SelectTrigger>
                <SelectContent>
                  {controlPlaneRegions.map((value) => (
                    <SelectItem key={value} value={value}>
                      {value}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          )}
        />
      </div>
      <Field data-invalid={configInvalid || undefined}>
        <FieldLabel htmlFor="configure-configuration">Configuration (JSON)</FieldLabel>
        <Textarea
          {...fieldControlProps('configure-configuration', configInvalid)}
          rows={10}
          className="font-mono text-xs"
          {...form.register('configuration')}
        />
        <FieldDescription>Optional; empty means {'{}'}.</FieldDescription>
        <FieldError
          id="configure-configuration-error"
          errors={configurationIssues.map((message) => ({ message }))}
        />
      </Field>
      <Field>
        <FieldLabel htmlFor="configure-notes">Notes</FieldLabel>
        <Textarea
          id="configure-notes"
          rows={2}
          placeholder="What changed and why (optional)"
          {...form.register('notes')}
        />
      </Field>
    </div>
  );
}
