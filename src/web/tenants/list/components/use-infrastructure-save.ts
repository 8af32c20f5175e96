import type { Tenant, TenantPatch } from '@contract/tenants';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { asDirectError, useChangeRequestForm } from '@/changes';
import type { ChangeRequestForm } from '@/components/change-request-form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { applyServerIssues, serverFieldIssues } from '@/lib/server-issues';
import type { ConflictAwareSave } from '@/lib/use-conflict-aware-save';
import { usePatchTenant } from '@/tenants/api/update-tenant';
import {
  infrastructureDefaults,
  infrastructureFields,
  splitInfrastructurePatch,
  tabOfField,
  toInfrastructurePatch,
  type InfrastructureFormValues,
  type InfrastructureTab,
} from '@/tenants/list/lib/infrastructure-form';

type Options = {
  tenant: Tenant;
  form: UseFormReturn<InfrastructureFormValues>;
  conflict: ConflictAwareSave;
  setTab: (tab: InfrastructureTab) => void;
  onDone: () => void;
};

/**
 * Saves Configure Tenant Infrastructure. The API Gateway and Policy Server settings are production's
 * (docs/requesting-changes.md): where the tenant's production needs approval and they change, they are
 * requested (tenant_settings.gateway) and the identity fields, if changed, saved directly after.
 */
export function useInfrastructureSave({ tenant, form, conflict, setTab, onDone }: Options): {
  submit: ReturnType<UseFormReturn<InfrastructureFormValues>['handleSubmit']>;
  request: ChangeRequestForm;
  requesting: boolean;
  pending: boolean;
} {
  const patch = usePatchTenant();
  const watched = useWatch({ control: form.control }) as InfrastructureFormValues;
  const changesGateway = Object.keys(splitInfrastructurePatch(watched, tenant).gateway).length > 0;
  const request = useChangeRequestForm({
    tenantId: tenant.id,
    environment: changesGateway ? 'production' : null,
  });
  const requesting = request.mode === 'request';

  // Bring the refused field's tab forward before marking it (a hidden tab is not mounted).
  const showIssues = (error: unknown) => {
    const first = serverFieldIssues(error)
      .map((issue) => tabOfField(issue.field))
      .find(Boolean);
    if (first) setTab(first);
    applyServerIssues(error, form.setError, (field) => infrastructureFields.find((name) => name === field));
  };

  /** `quiet`: after a request, whose toast (with its link) stays the one shown. */
  const saveDirect = (body: TenantPatch, quiet = false) =>
    patch.mutate(
      { id: tenant.id, patch: body, ifMatch: conflict.revision() },
      {
        onSuccess: () => {
          if (!quiet) {
            notifySuccess('Configuration updated', 'Tenant configuration has been saved successfully.');
          }
          onDone();
        },
        onError: (error) => {
          // The policy changed since the dialog opened: it stays open and now requests the change.
          if (request.handleDirectError(error)) return;
          if (conflict.handleError(error)) return;
          showIssues(error);
          notifyError(error, 'Failed to update configuration.');
        },
      },
    );

  const submit = form.handleSubmit((values) => {
    if (!requesting) return saveDirect(toInfrastructurePatch(values));
    if (!request.valid) return;
    const { gateway, identity } = splitInfrastructurePatch(values, tenant);
    request.submit(
      { kind: 'tenant_settings.gateway', tenantId: tenant.id, body: gateway },
      {
        onSuccess: () => {
          // The request carries the gateway settings now: a retry of the rest must not request them again.
          for (const field of Object.keys(gateway) as (keyof typeof gateway)[]) {
            form.setValue(field, infrastructureDefaults(tenant)[field]);
          }
          if (identity) saveDirect(identity, true);
          else onDone();
        },
        // The change's issues (body.change.body.policyServerConfiguration) are this form's own.
        onError: (error) => showIssues(asDirectError(error)),
      },
    );
  });

  return { submit, request, requesting, pending: patch.isPending || request.pending };
}
