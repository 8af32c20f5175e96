import type { Capability } from '@contract/capabilities';
import type { capabilitySortFields, SortValue } from '@contract/lists';
import { CapabilityRow } from '@/capabilities/components/capability-row';
import { ColumnHeads } from '@/components/list/column-heads';
import {
  Table,
  TableBody,
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
const columns = capabilityColumns.map((label) => ({ label, field: sortFieldOf[label] }));

type CapabilitiesTableProps = {
  capabilities: Capability[];
  /** Administrators get the row menu (Edit, Delete). */
  canManage: boolean;
  onEdit: (capability: Capability) => void;
  onDelete: (capability: Capability) => void;
  sort: CapabilitySort;
  onSort: (sort: CapabilitySort) => void;
};

function CapabilitiesTableHeader({ sort, onSort }: Pick<CapabilitiesTableProps, 'sort' | 'onSort'>) {
  return (
    <TableHeader>
      <TableRow>
        <ColumnHeads columns={columns} sort={sort} onSort={onSort} className="px-3" />
        <TableHead className={cn('bg-background px-3', tableStickyEndClass)}>
          <span className="sr-only">Actions</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  );
}

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
        <CapabilitiesTableHeader sort={sort} onSort={onSort} />
        <TableBody>
          {capabilities.map((capability) => (
            <CapabilityRow
              key={capability.id}
              capability={capability}
              canManage={canManage}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
