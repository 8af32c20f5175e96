import type { Capability } from '@contract/capabilities';
import type { capabilitySortFields, SortValue } from '@contract/lists';
import { Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { CapabilityRowActions } from '@/capabilities/components/capability-row-actions';
import { SortableHeader } from '@/components/list/sortable-header';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  tableStickyEndClass,
} from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** docs/product.md, Capabilities: the columns, in order. */
export const capabilityColumns = ['Name', 'Category', 'Version', 'Status', 'Endpoint'] as const;

type SortField = (typeof capabilitySortFields)[number];
export type CapabilitySort = SortValue<SortField>;

/** The server sorts on these columns (src/contract/lists.ts); Endpoint is not sortable. */
const sortFieldOf: Partial<Record<(typeof capabilityColumns)[number], SortField>> = {
  Name: 'name',
  Category: 'category',
  Version: 'version',
  Status: 'status',
};

type CapabilitiesTableProps = {
  capabilities: Capability[];
  /** Administrators get the row menu (Edit, Delete). */
  canManage: boolean;
  onEdit: (capability: Capability) => void;
  onDelete: (capability: Capability) => void;
  sort: CapabilitySort;
  onSort: (sort: CapabilitySort) => void;
};

const orDash = (text: string | null) => text || '—';
const configurationPath = (capability: Capability) =>
  `/capability/${encodeURIComponent(capability.id)}/configuration`;

export function CapabilitiesTable({
  capabilities,
  canManage,
  onEdit,
  onDelete,
  sort,
  onSort,
}: CapabilitiesTableProps) {
  return (
    <div className="rounded-lg border">
      <Table data-testid="capabilities-table">
        <TableHeader>
          <TableRow>
            {capabilityColumns.map((column) => {
              const field = sortFieldOf[column];
              return field ? (
                <SortableHeader key={column} field={field} sort={sort} onSort={onSort} className="px-3">
                  {column}
                </SortableHeader>
              ) : (
                <TableHead key={column} className="px-3">
                  {column}
                </TableHead>
              );
            })}
            <TableHead className={cn('bg-background px-3', tableStickyEndClass)}>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {capabilities.map((capability) => (
            <TableRow key={capability.id} data-testid="capability-row">
              <TableCell className="px-3">
                <Link
                  to={configurationPath(capability)}
                  className="font-medium underline-offset-4 hover:underline focus-visible:underline"
                >
                  {capability.name}
                </Link>
                {capability.description && (
                  <div
                    className="max-w-xs truncate text-xs text-muted-foreground"
                    title={capability.description}
                  >
                    {capability.description}
                  </div>
                )}
              </TableCell>
              <TableCell className="px-3">{orDash(capability.category)}</TableCell>
              <TableCell className="px-3 font-mono text-xs">{orDash(capability.version)}</TableCell>
              <TableCell className="px-3">
                <StatusBadge status={capability.status} />
              </TableCell>
              <TableCell
                className="max-w-64 truncate px-3 font-mono text-xs"
                title={capability.endpoint ?? undefined}
              >
                {orDash(capability.endpoint)}
              </TableCell>
              <TableCell className={cn('bg-background px-3', tableStickyEndClass)}>
                <div className="flex items-center justify-end gap-1">
                  <Button asChild variant="outline" size="sm">
                    <Link to={configurationPath(capability)} aria-label={`Configure ${capability.name}`}>
                      <Settings2 aria-hidden="true" />
                      Configure
                    </Link>
                  </Button>
                  {canManage && (
                    <CapabilityRowActions capability={capability} onEdit={onEdit} onDelete={onDelete} />
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
