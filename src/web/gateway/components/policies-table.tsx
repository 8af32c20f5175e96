import { policyTypeNames, type OpaPolicy, type opaPolicySortFields } from '@contract/gateway';
import type { SortValue } from '@contract/lists';
import { SortableHeader } from '@/components/list/sortable-header';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { LineageRowActions } from '@/gateway/components/lineage-row-actions';
import { promoteLabel } from '@/gateway/lib/promotion';
import { stickyActions, type LineageRowHandlers } from '@/gateway/components/routes-table';
import { policyName } from '@/gateway/lib/lineage-names';

export type PolicySort = SortValue<(typeof opaPolicySortFields)[number]>;

type PoliciesTableProps = LineageRowHandlers<OpaPolicy> & {
  policies: OpaPolicy[];
  capabilityName: (id: string) => string;
  canWrite: boolean;
  sort: PolicySort;
  onSort: (sort: PolicySort) => void;
};

export function PoliciesTable({
  policies,
  capabilityName,
  canWrite,
  sort,
  onSort,
  ...handlers
}: PoliciesTableProps) {
  return (
    <div className="rounded-lg border">
      <Table data-testid="policies-table" aria-label="OPA policies">
        <TableHeader>
          <TableRow>
            <SortableHeader field="name" sort={sort} onSort={onSort} className="px-3">
              Name
            </SortableHeader>
            <SortableHeader field="policyType" sort={sort} onSort={onSort} className="px-3">
              Type
            </SortableHeader>
            <SortableHeader field="capabilityId" sort={sort} onSort={onSort} className="px-3">
              Capability
            </SortableHeader>
            <TableHead className="px-3">Enabled</TableHead>
            <TableHead className="px-3">Version</TableHead>
            <TableHead className={stickyActions}>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {policies.map((policy) => {
            const name = policyName(policy, policies);
            return (
              <TableRow key={policy.lineageId} data-testid="policy-row">
                <TableCell className="px-3">
                  <div className="font-medium">{policy.name}</div>
                  {policy.description && (
                    <div
                      className="max-w-md truncate text-xs text-muted-foreground"
                      title={policy.description}
                    >
                      {policy.description}
                    </div>
                  )}
                </TableCell>
                <TableCell className="px-3">{policyTypeNames[policy.policyType]}</TableCell>
                <TableCell className="px-3">{capabilityName(policy.capabilityId)}</TableCell>
                <TableCell className="px-3">
                  <Badge variant={policy.enabled ? 'secondary' : 'outline'}>
                    {policy.enabled ? 'Yes' : 'No'}
                  </Badge>
                </TableCell>
                <TableCell className="px-3">
                  <span className="flex items-center gap-2" data-testid="policy-version">
                    v{policy.version}
                    {!policy.isActive && <Badge variant="outline">Disabled</Badge>}
                  </span>
                </TableCell>
                <TableCell className={stickyActions}>
                  <LineageRowActions
                    name={name}
                    active={policy.isActive}
                    canWrite={canWrite}
                    onEdit={() => handlers.onEdit(policy, name)}
                    onHistory={() => handlers.onHistory(policy, name)}
                    onToggle={() => handlers.onToggle(policy, name)}
                    onDelete={() => handlers.onDelete(policy, name)}
                    promoteLabel={promoteLabel(policy)}
                    onPromote={() => handlers.onPromote(policy, name)}
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
