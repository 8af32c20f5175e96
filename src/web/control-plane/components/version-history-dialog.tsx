import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { environmentName, environments } from '@contract/vocabulary';
import type { Tenant } from '@contract/tenants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { RequestChangeDialog } from '@/components/request-change-dialog';
import { promotionTarget } from '@/components/versioned/promotion-target';
import { VersionList } from '@/components/versioned/version-entry';
import { VersionHistoryFrame } from '@/components/versioned/version-history-frame';
import { useActivateVersion } from '@/control-plane/api/activate-version';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';
import { useVersionHistory, type HistoryContext } from '@/control-plane/api/get-version-history';
import { PromoteVersionDialog } from '@/control-plane/components/promote-version-dialog';
import { prettyJson } from '@/control-plane/lib/json-text';
import { notifyError, notifySuccess } from '@/components/notify';

type VersionHistoryDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  context: HistoryContext | undefined;
  capabilityName: string | undefined;
  /** Activating and promoting need the same permission as creating a version. */
  canActivate: boolean;
  /** Its governance limits the regions a promotion offers. */
  tenant: Tenant;
};

const NO_CONTEXT: HistoryContext = { tenantId: '', capabilityId: '', environment: '', region: '' };

/** A configuration version as its history shows and diffs it: the configuration, pretty-printed. */
const describeConfiguration = (version: ConfigurationVersion): string => prettyJson(version.configuration);

/** "Promoted from Development · eu-west-1 · v3". */
const promotedFromLabel = (from: NonNullable<ConfigurationVersion['promotedFrom']>): string =>
  `Promoted from ${environmentName(from.environment)} · ${from.region} · v${from.version}`;

/**
 * 'Configuration Version History': newest first; activating one closes the dialog (docs/product.md,
 * States and transitions).
 */
export function VersionHistoryDialog({
  open,
  onOpenChange,
  context,
  capabilityName,
  canActivate,
  tenant,
}: VersionHistoryDialogProps) {
  const [promoting, setPromoting] = useState<ConfigurationVersion | null>(null);
  const history = useVersionHistory(context ?? NO_CONTEXT, open && !!context);
  const activation = useConfigurationActivation({
    open,
    context,
    tenant,
    onActivated: () => onOpenChange(false),
  });
  const versions = history.data ?? [];

  const promoteOf = (version: ConfigurationVersion) => {
    const target = promotionTarget(version.environment);
    if (!version.isActive || !canActivate || !target) return undefined;
    return { label: `Promote to ${environmentName(target)}`, onClick: () => setPromoting(version) };
  };

  return (
    <VersionHistoryFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Configuration Version History"
      description={
        context
          ? `${capabilityName ?? context.capabilityId} · ${context.environment} · ${context.region}`
          : ''
      }
      // A failed read shows as an empty history.
      status={history.isPending ? 'pending' : 'success'}
      empty={versions.length === 0}
      dialogs={
        <>
          <PromoteVersionDialog
            open={!!promoting}
            onOpenChange={(next) => !next && setPromoting(null)}
            tenant={tenant}
            version={promoting ?? undefined}
            capabilityName={capabilityName}
            // Like an activation, a promotion closes the history: the cards show the outcome.
            onPromoted={() => onOpenChange(false)}
          />
          {activation.dialog}
        </>
      }
    >
      <VersionList
        label="Configuration versions"
        versions={versions}
        describe={describeConfiguration}
        entryOf={(version) => ({
          text: {
            label: `Configuration of version ${version.version}`,
            className: 'max-h-48',
            testId: 'history-configuration',
          },
          promotedFrom: version.promotedFrom ? promotedFromLabel(version.promotedFrom) : undefined,
          notes: version.notes,
          onActivate: canActivate ? () => activation.activate(version) : undefined,
          activating: activation.busy,
          promote: promoteOf(version),
        })}
      />
    </VersionHistoryFrame>
  );
}

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
function useConfigurationActivation({ open, context, tenant, onActivated }: ActivationOptions) {
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
