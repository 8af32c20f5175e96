import type { Environment } from '@contract/common';
import { routeMethods } from '@contract/gateway';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Field,
  FieldDescription,
  FieldError,
  FieldLabel,
  FieldLegend,
  FieldSet,
  fieldControlProps,
} from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { CapabilitySelect } from '@/gateway/components/capability-select';
import { MethodBadge } from '@/gateway/components/method-badge';
import type { RouteFormValues } from '@/gateway/lib/route-form';

type RouteFormFieldsProps = {
  form: UseFormReturn<RouteFormValues>;
  tenantId: string;
  environment: Environment;
  /** Editing: the capability stays. */
  editing: boolean;
};

/** Capability, path, methods, target service, authentication and rate limit. */
export function RouteFormFields({ form, tenantId, environment, editing }: RouteFormFieldsProps) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Controller
          control={form.control}
          name="capabilityId"
          render={({ field }) => (
            <CapabilitySelect
              id="route-capabilityId"
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
      </div>
      <Field data-invalid={!!errors.path || undefined}>
        <FieldLabel htmlFor="route-path">Path</FieldLabel>
        <Input
          {...fieldControlProps('route-path', !!errors.path)}
          className="font-mono"
          placeholder="/orders/{id}"
          autoComplete="off"
          {...form.register('path')}
        />
        <FieldError id="route-path-error" errors={[errors.path]} />
      </Field>
      <Field data-invalid={!!errors.targetService || undefined}>
        <FieldLabel htmlFor="route-targetService">Target service</FieldLabel>
        <Input
          {...fieldControlProps('route-targetService', !!errors.targetService)}
          className="font-mono"
          placeholder="http://orders.internal:8080"
          autoComplete="off"
          {...form.register('targetService')}
        />
        <FieldError id="route-targetService-error" errors={[errors.targetService]} />
      </Field>
      <FieldSet
        className="gap-3 sm:col-span-2"
        data-invalid={!!errors.methods || undefined}
        aria-invalid={!!errors.methods || undefined}
        aria-describedby={errors.methods ? 'route-methods-error' : undefined}
      >
        <FieldLegend variant="label">Methods</FieldLegend>
        <Controller
          control={form.control}
          name="methods"
          render={({ field }) => (
            <div className="flex flex-wrap gap-x-5 gap-y-3">
              {routeMethods.map((method) => (
                <Field key={method} orientation="horizontal" className="w-auto gap-2">
                  <Checkbox
                    id={`route-method-${method}`}
                    checked={field.value.includes(method)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked ? [...field.value, method] : field.value.filter((m) => m !== method),
                      )
                    }
                    onBlur={field.onBlur}
                    aria-label={method}
                  />
                  <FieldLabel htmlFor={`route-method-${method}`} className="font-normal">
                    <MethodBadge method={method} />
                  </FieldLabel>
                </Field>
              ))}
            </div>
          )}
        />
        <FieldError id="route-methods-error" errors={[errors.methods]} />
      </FieldSet>
      <Field data-invalid={!!errors.rateLimit || undefined}>
        <FieldLabel htmlFor="route-rateLimit">Rate limit (requests per minute)</FieldLabel>
        <Input
          {...fieldControlProps('route-rateLimit', !!errors.rateLimit)}
          inputMode="numeric"
          placeholder="Unlimited"
          autoComplete="off"
          {...form.register('rateLimit')}
        />
        <FieldDescription>Leave empty for no limit.</FieldDescription>
        <FieldError id="route-rateLimit-error" errors={[errors.rateLimit]} />
      </Field>
      <Controller
        control={form.control}
        name="authRequired"
        render={({ field }) => (
          <Field orientation="horizontal" className="self-start sm:pt-7">
            <Switch id="route-authRequired" checked={field.value} onCheckedChange={field.onChange} />
            <FieldLabel htmlFor="route-authRequired">Authentication required</FieldLabel>
          </Field>
        )}
      />
    </div>
  );
}
