import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { environmentName, environments } from '@contract/vocabulary';
import type { Tenant } from '@contract/tenants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeRequestForm, RequestChangeDialog } from '@/changes';
import { useActivateVersion } from '@/control-plane/api/activate-version';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';
import type { HistoryContext } from '@/control-plane/api/get-version-history';
import { notifyError, notifySuccess } from '@/components/notify';

type ActivationOptions = {
  open: boolean;
  context: HistoryContext | undefined;
  tenant: Tenant;
  onActivated: () => void;
};

/**
 * Activate of a history entry: directly, or where the tenant's policy asks for approvals, through a
 * request dialog (`dialog`). Either way the history closes once it is done.
 */
export function useConfigurationActivation({ open, context, tenant, onActivated }: ActivationOptions) {
  const activate = useActivateVersion();
  const queryClient = useQueryClient();
  const environment = environments.find((e) => e === context?.environment) ?? null;
  const request = useChangeRequestForm({
    tenantId: context?.tenantId || tenant.id,
    environment,
    enabled: open,
  });
  const [requesting, setRequesting] = useState<ConfigurationVersion | null>(null);

  const onActivate = (version: ConfigurationVersion) => {
    if (request.mode === 'request') return setRequesting(version);
    activate.mutate(version.id, {
      onSuccess: () => {
        notifySuccess('Version activated', `Version ${version.version} is now the active configuration.`);
        onActivated();
      },
      onError: (error) => {
        if (request.handleDirectError(error)) setRequesting(version);
        else notifyError(error, 'Failed to activate version');
      },
    });
  };

  const dialog = requesting && environment && (
    <RequestChangeDialog
      open
      onOpenChange={(next) => !next && setRequesting(null)}
      title={`Request: activate version ${requesting.version}`}
      description={`Version ${requesting.version} becomes the active ${environmentName(environment)} configuration in ${requesting.region} once the request applies.`}
      form={request}
      change={{ kind: 'configuration.activate', versionId: requesting.id }}
      onRequested={(created) => {
        if (created.status === 'applied') void invalidateVersions(queryClient, tenant.id);
        onActivated();
      }}
    />
  );

  return { activate: onActivate, busy: activate.isPending || request.mode === 'loading', dialog };
}
