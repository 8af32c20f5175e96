import type { GatewayRoute, gatewayRouteSortFields } from '@contract/gateway';
import type { SortValue } from '@contract/lists';
import { SortableHeader } from '@/components/list/sortable-header';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { LineageRowActions } from '@/gateway/components/lineage-row-actions';
import { promoteLabel } from '@/gateway/lib/promotion';
import { MethodBadges } from '@/gateway/components/method-badge';
import { routeName } from '@/gateway/lib/lineage-names';
import { rateLimitLabel } from '@/gateway/lib/route-form';

export type RouteSort = SortValue<(typeof gatewayRouteSortFields)[number]>;

export type LineageRowHandlers<T> = {
  onEdit: (row: T, name: string) => void;
  onHistory: (row: T, name: string) => void;
  onToggle: (row: T, name: string) => void;
  onDelete: (row: T, name: string) => void;
  onPromote: (row: T, name: string) => void;
};

type RoutesTableProps = LineageRowHandlers<GatewayRoute> & {
  routes: GatewayRoute[];
  capabilityName: (id: string) => string;
  canWrite: boolean;
  sort: RouteSort;
  onSort: (sort: RouteSort) => void;
};

/** The actions stay in view at any width: the last column sticks to the right edge of the scroller. */
export const stickyActions = 'sticky right-0 bg-background px-2 shadow-[-1px_0_0_var(--border)]';

export function RoutesTable({
  routes,
  capabilityName,
  canWrite,
  sort,
  onSort,
  ...handlers
}: RoutesTableProps) {
  return (
    <div className="rounded-lg border">
      <Table data-testid="routes-table" aria-label="Gateway routes">
        <TableHeader>
          <TableRow>
            <TableHead className="px-3">Methods</TableHead>
            <SortableHeader field="path" sort={sort} onSort={onSort} className="px-3">
              Path
            </SortableHeader>
            <SortableHeader field="capabilityId" sort={sort} onSort={onSort} className="px-3">
              Capability
            </SortableHeader>
            <SortableHeader field="targetService" sort={sort} onSort={onSort} className="px-3">
              Target
            </SortableHeader>
            <TableHead className="px-3">Auth</TableHead>
            <TableHead className="px-3">Rate limit</TableHead>
            <TableHead className="px-3">Version</TableHead>
            <TableHead className={stickyActions}>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {routes.map((route) => {
            const name = routeName(route, routes);
            return (
              <TableRow key={route.lineageId} data-testid="route-row">
                <TableCell className="px-3">
                  <MethodBadges methods={route.methods} />
                </TableCell>
                <TableCell className="px-3 font-mono text-xs font-medium">{route.path}</TableCell>
                <TableCell className="px-3">{capabilityName(route.capabilityId)}</TableCell>
                <TableCell className="max-w-64 truncate px-3 font-mono text-xs" title={route.targetService}>
                  {route.targetService}
                </TableCell>
                <TableCell className="px-3">
                  <Badge variant={route.authRequired ? 'secondary' : 'outline'}>
                    {route.authRequired ? 'Required' : 'Public'}
                  </Badge>
                </TableCell>
                <TableCell className="px-3 tabular-nums">{rateLimitLabel(route.rateLimit)}</TableCell>
                <TableCell className="px-3">
                  <span className="flex items-center gap-2" data-testid="route-version">
                    v{route.version}
                    {!route.isActive && <Badge variant="outline">Disabled</Badge>}
                  </span>
                </TableCell>
                <TableCell className={stickyActions}>
                  <LineageRowActions
                    name={name}
                    active={route.isActive}
                    canWrite={canWrite}
                    onEdit={() => handlers.onEdit(route, name)}
                    onHistory={() => handlers.onHistory(route, name)}
                    onToggle={() => handlers.onToggle(route, name)}
                    onDelete={() => handlers.onDelete(route, name)}
                    promoteLabel={promoteLabel(route)}
                    onPromote={() => handlers.onPromote(route, name)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
