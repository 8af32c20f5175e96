import { canOnTenant } from '@contract/roles';
import { useEffect } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useIsAdmin, useMe } from '@/auth';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { TenantCombobox } from '@/tenants';
import type { WebhookFormInput, WebhookFormValues } from '@/webhooks/lib/webhook-form';

type Form = UseFormReturn<WebhookFormInput, unknown, WebhookFormValues>;

export const PLATFORM_LABEL = 'Platform (all tenants)';

/**
 * Whose events: administrators may choose the platform (every event they may see) or a tenant; anyone
 * else one of the tenants they own or administer, the first of them by default.
 */
export function WebhookTenantField({ form }: { form: Form }) {
  const error = form.formState.errors.tenantId;
  const me = useMe();
  const isAdmin = useIsAdmin();
  const configurable = (tenantId: string) => me !== null && canOnTenant(me, tenantId, 'configure');
  const firstTenantId = me?.memberships.find((m) => configurable(m.tenantId))?.tenantId;
  const tenantId = useWatch({ control: form.control, name: 'tenantId' });
  useEffect(() => {
    if (!isAdmin && !tenantId && firstTenantId) form.setValue('tenantId', firstTenantId);
  }, [form, isAdmin, tenantId, firstTenantId]);

  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor="webhook-tenantId">Tenant</FieldLabel>
      <Controller
        control={form.control}
        name="tenantId"
        render={({ field }) => (
          <TenantCombobox
            id="webhook-tenantId"
            value={field.value}
            onChange={field.onChange}
            invalid={!!error}
            emptyLabel={isAdmin ? PLATFORM_LABEL : undefined}
            placeholder={isAdmin ? PLATFORM_LABEL : 'Select a tenant'}
            exclude={(id) => !configurable(id)}
          />
        )}
      />
      <FieldDescription>
        {isAdmin
          ? 'Only this tenant’s events, or every event you may see for the platform.'
          : 'Only this tenant’s events: one you own or administer.'}
      </FieldDescription>
      <FieldError id="webhook-tenantId-error" errors={[error]} />
    </Field>
  );
}
