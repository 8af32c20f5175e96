import { routeMethods } from '@contract/gateway';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldError, FieldLabel, FieldLegend, FieldSet } from '@/components/ui/field';
import { CapabilitySelect } from '@/gateway/components/capability-select';
import type { LineageFieldsProps } from '@/gateway/components/lineage-entry';
import { MethodBadge } from '@/gateway/components/method-badge';
import { SwitchField } from '@/gateway/components/switch-field';
import { TextField } from '@/gateway/components/text-field';
import type { RouteFormValues } from '@/gateway/lib/route-form';

/** Where a route answers and where it forwards to: monospace text inputs. */
const addressFields = [
  { name: 'path', label: 'Path', placeholder: '/orders/{id}' },
  { name: 'targetService', label: 'Target service', placeholder: 'http://orders.internal:8080' },
] as const;

/** Capability, path, methods, target service, authentication and rate limit. */
export function RouteFormFields({ form, capability }: LineageFieldsProps<RouteFormValues>) {
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
              field={field}
              {...capability}
              error={errors.capabilityId}
            />
          )}
        />
      </div>
      {addressFields.map(({ name, label, placeholder }) => (
        <TextField
          key={name}
          form={form}
          name={name}
          id={`route-${name}`}
          label={label}
          error={errors[name]}
          className="font-mono"
          placeholder={placeholder}
        />
      ))}
      <MethodsField form={form} />
      <TextField
        form={form}
        name="rateLimit"
        id="route-rateLimit"
        label="Rate limit (requests per minute)"
        error={errors.rateLimit}
        inputMode="numeric"
        placeholder="Unlimited"
        description="Leave empty for no limit."
      />
      <Controller
        control={form.control}
        name="authRequired"
        render={({ field }) => (
          <SwitchField id="route-authRequired" label="Authentication required" field={field} />
        )}
      />
    </div>
  );
}

/** One checkbox per method, each with its coloured badge. */
function MethodsField({ form }: { form: UseFormReturn<RouteFormValues> }) {
  const error = form.formState.errors.methods;
  return (
    <FieldSet
      className="gap-3 sm:col-span-2"
      data-invalid={!!error || undefined}
      aria-invalid={!!error || undefined}
      aria-describedby={error ? 'route-methods-error' : undefined}
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
      <FieldError id="route-methods-error" errors={[error]} />
    </FieldSet>
  );
}
