import type { Environment } from '@contract/common';
import { gatewayRouteSortFields, type GatewayRoute } from '@contract/gateway';
import { Route as RouteIcon } from 'lucide-react';
import { useState } from 'react';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { environmentName } from '@contract/common';
import { useLineages } from '@/gateway/api/get-lineages';
import { LineageHistoryDialog } from '@/gateway/components/lineage-history-dialog';
import { LineageListFrame } from '@/gateway/components/lineage-list-frame';
import { PromoteLineageDialog } from '@/gateway/components/promote-lineage-dialog';
import { RouteFormDialog } from '@/gateway/components/route-form-dialog';
import { RoutesTable } from '@/gateway/components/routes-table';
import { useCapabilityNames } from '@/gateway/lib/use-capability-names';
import { useLineageActions } from '@/gateway/components/use-lineage-actions';
import { describeRoute } from '@/gateway/lib/describe-version';

type Open =
  | { kind: 'form'; route?: GatewayRoute }
  | { kind: 'history'; route: GatewayRoute; name: string }
  | { kind: 'promote'; route: GatewayRoute; name: string }
  | null;

type RoutesSectionProps = { tenantId: string; environment: Environment; canWrite: boolean };

/** The environment's gateway routes: paged, sorted and searched on the server, with their dialogs. */
export function RoutesSection({ tenantId, environment, canWrite }: RoutesSectionProps) {
  const [open, setOpen] = useState<Open>(null);
  const list = useListUrlState({
    sortFields: gatewayRouteSortFields,
    defaultSort: 'path',
    filters: [],
    prefix: 'route',
  });
  const { q, sort, limit, offset } = list.query;
  const routes = useLineages('routes', tenantId, { environment, q, sort, limit, offset });
  const rows = routes.data?.rows ?? [];
  const capabilityName = useCapabilityNames(rows.map((row) => row.capabilityId));
  const actions = useLineageActions('routes', tenantId, environment);
  const where = environmentName(environment);

  return (
    <>
      <LineageListFrame
        id="gateway-routes"
        title="Routes"
        description={`What the API gateway exposes in ${where}, per subscribed capability.`}
        icon={RouteIcon}
        createLabel="Create Route"
        canWrite={canWrite}
        onCreate={() => setOpen({ kind: 'form' })}
        searchLabel="Search routes by path or target"
        list={list}
        query={routes}
        emptyTitle={`No gateway routes in ${where} yet`}
        errorTitle="Could not load the gateway routes"
      >
        <RoutesTable
          routes={rows}
          capabilityName={capabilityName}
          canWrite={canWrite}
          sort={list.sort}
          onSort={list.setSort}
          onEdit={(route) => setOpen({ kind: 'form', route })}
          onHistory={(route, name) => setOpen({ kind: 'history', route, name })}
          onPromote={(route, name) => setOpen({ kind: 'promote', route, name })}
          onToggle={actions.toggle}
          onDelete={actions.requestDelete}
        />
      </LineageListFrame>
      {canWrite && (
        <RouteFormDialog
          open={open?.kind === 'form'}
          onOpenChange={(next) => !next && setOpen(null)}
          tenantId={tenantId}
          environment={environment}
          route={open?.kind === 'form' ? open.route : undefined}
        />
      )}
      <LineageHistoryDialog
        kind="routes"
        tenantId={tenantId}
        lineage={open?.kind === 'history' ? open.route : undefined}
        name={open?.kind === 'history' ? open.name : ''}
        onClose={() => setOpen(null)}
        describe={(version) => describeRoute(version as GatewayRoute)}
        canActivate={canWrite}
        onPromote={(version) =>
          open?.kind === 'history' &&
          setOpen({ kind: 'promote', route: version as GatewayRoute, name: open.name })
        }
      />
      {canWrite && (
        <PromoteLineageDialog
          kind="routes"
          tenantId={tenantId}
          version={open?.kind === 'promote' ? open.route : undefined}
          name={open?.kind === 'promote' ? open.name : ''}
          describe={(version) => describeRoute(version as GatewayRoute)}
          onClose={() => setOpen(null)}
        />
      )}
      {actions.dialogs}
    </>
  );
}
