import {
  changedGatewaySettings,
  TENANT_GATEWAY_FIELDS,
  type Tenant,
  type TenantPatch,
} from '@contract/tenants';
import type { BaseSyntheticEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { asDirectError, useChangeRequestForm } from '@/changes';
import type { ChangeRequestForm } from '@/changes';
import { notifyError, notifySuccess } from '@/components/notify';
import { applyServerIssues, serverFieldIssues } from '@/lib/server-issues';
import type { ConflictAwareSave } from '@/concurrency';
import { usePatchTenant } from '@/tenants/api/update-tenant';
import {
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

/** The change request form, asked about production only while the gateway settings differ from the tenant's. */
function useGatewayChangeRequest(tenant: Tenant, form: UseFormReturn<InfrastructureFormValues>) {
  const [apiGatewayConfiguration, policyServerConfiguration] = useWatch({
    control: form.control,
    name: TENANT_GATEWAY_FIELDS,
  });
  const changesGateway =
    changedGatewaySettings(tenant, { apiGatewayConfiguration, policyServerConfiguration }).length > 0;
  return useChangeRequestForm({ tenantId: tenant.id, environment: changesGateway ? 'production' : null });
}

/** A refusal's issues on their fields, the first one's tab brought forward (a hidden tab is not mounted). */
function showInfrastructureIssues(
  error: unknown,
  form: UseFormReturn<InfrastructureFormValues>,
  setTab: (tab: InfrastructureTab) => void,
) {
  const first = serverFieldIssues(error)
    .map((issue) => tabOfField(issue.field))
    .find(Boolean);
  if (first) setTab(first);
  applyServerIssues(error, form.setError, (field) => infrastructureFields.find((name) => name === field));
}

/**
 * Saves Configure Tenant Infrastructure. The API Gateway and Policy Server settings are production's
 * (docs/requesting-changes.md): where the tenant's production needs approval and they change, they are
 * requested (tenant_settings.gateway) and the identity fields, if changed, saved directly after.
 */
export function useInfrastructureSave({ tenant, form, conflict, setTab, onDone }: Options): {
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  request: ChangeRequestForm;
  requesting: boolean;
  pending: boolean;
} {
  const patch = usePatchTenant();
  const request = useGatewayChangeRequest(tenant, form);
  const requesting = request.mode === 'request';
  const showIssues = (error: unknown) => showInfrastructureIssues(error, form, setTab);

  /** `then`: instead of the toast and closing, when a request follows (its toast is the one to see). */
  const saveDirect = (body: TenantPatch, then?: (saved: Tenant) => void) =>
    patch.mutate(
      { id: tenant.id, patch: body, ifMatch: conflict.revision() },
      {
        onSuccess: (saved) => {
          if (then) return then(saved);
          notifySuccess('Configuration updated', 'Tenant configuration has been saved successfully.');
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
    const requestGateway = () =>
      request.submit(
        { kind: 'tenant_settings.gateway', tenantId: tenant.id, body: gateway },
        // The change's issues (body.change.body.policyServerConfiguration) are this form's own.
        { onSuccess: onDone, onError: (error) => showIssues(asDirectError(error)) },
      );
    // The identity fields first, under If-Match: a request applied at once (a bypass) moves the revision.
    if (!identity) return requestGateway();
    saveDirect(identity, (saved) => {
      conflict.saved(saved);
      requestGateway();
    });
  });

  return { submit, request, requesting, pending: patch.isPending || request.pending };
}
