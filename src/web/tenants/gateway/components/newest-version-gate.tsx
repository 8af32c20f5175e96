import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { LineageKind } from '@/tenants/gateway/api/gateway-keys';
import { useLineageHistory } from '@/tenants/gateway/api/get-lineage-history';

type NewestVersionGateProps = {
  kind: LineageKind;
  tenantId: string;
  lineageId: string;
  /** Rendered once the lineage's newest version number (the If-Match of an edit) is known. */
  children: (newest: number) => ReactNode;
};

/**
 * An edit form opens on the row's version, but its save must name the lineage's newest version (an
 * older one may be active): the list does not carry it, so the history's first entry supplies it.
 */
export function NewestVersionGate({ kind, tenantId, lineageId, children }: NewestVersionGateProps) {
  const history = useLineageHistory(kind, tenantId, lineageId);
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
  const newest = Math.max(0, ...history.data.rows.map((version) => version.version));
  return <>{children(newest)}</>;
}
