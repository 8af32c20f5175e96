import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { environmentName } from '@contract/vocabulary';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { promotionTarget, VersionList, VersionHistoryFrame } from '@/versioned';
import { useVersionHistory, type HistoryContext } from '@/control-plane/api/get-version-history';
import { PromoteVersionDialog } from '@/control-plane/components/promote-version-dialog';
import { useConfigurationActivation } from '@/control-plane/components/use-configuration-activation';
import { prettyJson } from '@/control-plane/lib/json-text';
import type { DialogOpenProps } from '@/components/dialog-open';

type VersionHistoryDialogProps = DialogOpenProps & {
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

type ConfigurationVersionsProps = {
  versions: ConfigurationVersion[];
  canActivate: boolean;
  activation: ReturnType<typeof useConfigurationActivation>;
  onPromote: (version: ConfigurationVersion) => void;
};

/** The history's entries: configuration, provenance, notes, Activate and, on an active one, Promote. */
function ConfigurationVersions({ versions, canActivate, activation, onPromote }: ConfigurationVersionsProps) {
  const promoteOf = (version: ConfigurationVersion) => {
    const target = promotionTarget(version.environment);
    if (!version.isActive || !canActivate || !target) return undefined;
    return { label: `Promote to ${environmentName(target)}`, onClick: () => onPromote(version) };
  };
  return (
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
  );
}

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
      <ConfigurationVersions
        versions={versions}
        canActivate={canActivate}
        activation={activation}
        onPromote={setPromoting}
      />
    </VersionHistoryFrame>
  );
}
