import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { AnyLineage, LineageKind } from '@/gateway/api/gateway-keys';
import { newestOf, useLineageHistory } from '@/gateway/api/get-lineage-history';

type NewestVersionGateProps = {
  kind: LineageKind;
  tenantId: string;
  row: AnyLineage;
  /** Rendered once the lineage's newest version number (the If-Match of an edit) is known. */
  children: (newest: number) => ReactNode;
};

/**
 * An edit form opens on the row's version, but its save must name the lineage's newest version (an
 * older one may be active). List rows carry it as `latestVersion`; without it the history supplies it.
 */
export function NewestVersionGate({ kind, tenantId, row, children }: NewestVersionGateProps) {
  const known = row.latestVersion;
  const history = useLineageHistory(kind, tenantId, known === undefined ? row.lineageId : undefined);
  if (known !== undefined) return <>{children(known)}</>;
  if (history.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <ErrorState
        error={history.error}
        title="Could not load the versions"
        onRetry={() => void history.refetch()}
      />
    );
  }
  return <>{children(newestOf(history.data.rows) ?? 0)}</>;
}
