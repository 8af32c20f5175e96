import { environmentName } from '@contract/vocabulary';
import { VersionList, VersionHistoryFrame } from '@/versioned';
import type { LineageKind, LineageOf } from '@/gateway/api/gateway-keys';
import { newestOf, useLineageHistory } from '@/gateway/api/get-lineage-history';
import type { LineageBasics } from '@/gateway/components/lineage-entry';
import { useLineageActivation } from '@/gateway/components/use-lineage-activation';
import { promotedFromLabel, promoteLabel } from '@/gateway/lib/promotion';

type LineageHistoryDialogProps<K extends LineageKind> = {
  entry: LineageBasics<K>;
  tenantId: string;
  /** The row whose history is open; undefined: closed. */
  lineage: LineageOf<K> | undefined;
  /** "route /orders". */
  name: string;
  onClose: () => void;
  canActivate: boolean;
  /** Opens the promote dialog for the active version (offered with canActivate, before production). */
  onPromote?: (version: LineageOf<K>) => void;
};

/** The Promote action of the active version, where it has a next environment and the dialog offers it. */
function promoteOf<T extends LineageOf<LineageKind>>(
  version: T,
  onPromote: ((version: T) => void) | undefined,
) {
  const label = promoteLabel(version);
  if (!version.isActive || !onPromote || !label) return undefined;
  return { label, onClick: () => onPromote(version) };
}

/** Versions newest first, each with its author and time, its diff against the active one, and Activate. */
export function LineageHistoryDialog<K extends LineageKind>({
  entry,
  tenantId,
  lineage,
  name,
  onClose,
  canActivate,
  onPromote,
}: LineageHistoryDialogProps<K>) {
  const history = useLineageHistory(entry.kind, tenantId, lineage?.lineageId);
  const versions = history.data?.rows ?? [];
  const total = history.data?.total ?? 0;
  const activation = useLineageActivation({
    kind: entry.kind,
    tenantId,
    lineage,
    name,
    newest: newestOf(versions),
    onClose,
  });

  const entryOf = (version: LineageOf<K>) => ({
    text: { label: `Version ${version.version}`, className: 'max-h-48 whitespace-pre-wrap break-all' },
    promotedFrom: version.promotedFrom ? promotedFromLabel(version.promotedFrom) : undefined,
    onActivate: canActivate ? () => activation.activate(version) : undefined,
    activating: activation.busy,
    activateLabel: `Activate version ${version.version}`,
    promote: canActivate ? promoteOf(version, onPromote) : undefined,
  });

  return (
    <VersionHistoryFrame
      open={!!lineage}
      onOpenChange={(open) => !open && onClose()}
      title={`${entry.Noun} Version History`}
      description={
        lineage ? `${name} · ${environmentName(lineage.environment)} · ${lineage.capabilityId}` : ''
      }
      status={history.status}
      empty={versions.length === 0}
      dialogs={activation.dialog}
    >
      <div className="max-h-[65vh] space-y-3 overflow-y-auto">
        {!versions.some((version) => version.isActive) && (
          <p className="text-sm text-muted-foreground">
            Disabled: no version is active. Activating one enables the {name.split(' ')[0]} again.
          </p>
        )}
        <VersionList label="Versions" versions={versions} describe={entry.describe} entryOf={entryOf} />
        {total > versions.length && (
          <p className="text-xs text-muted-foreground">
            Showing the newest {versions.length} of {total} versions.
          </p>
        )}
      </div>
    </VersionHistoryFrame>
  );
}
