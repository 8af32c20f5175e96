import type { SortValue } from '@contract/lists';
import { ColumnHeads } from '@/components/list/column-heads';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { LineageKind, LineageOf, SortFieldOf } from '@/gateway/api/gateway-keys';
import type { LineageBasics, LineageListEntry } from '@/gateway/components/lineage-entry';
import { LineageRowActions } from '@/gateway/components/lineage-row-actions';
import { promoteLabel } from '@/gateway/lib/promotion';
import { cn } from '@/lib/utils';

/** The row menu's actions, each given the row and its name ("route /orders"). */
export type LineageRowHandlers<T> = {
  onEdit: (row: T, name: string) => void;
  onHistory: (row: T, name: string) => void;
  onToggle: (row: T, name: string) => void;
  onDelete: (row: T, name: string) => void;
  onPromote: (row: T, name: string) => void;
};

type LineageTableProps<K extends LineageKind> = LineageRowHandlers<LineageOf<K>> & {
  entry: LineageBasics<K> & { list: LineageListEntry<K> };
  rows: LineageOf<K>[];
  capabilityName: (id: string) => string;
  canWrite: boolean;
  sort: SortValue<SortFieldOf<K>>;
  onSort: (sort: SortValue<SortFieldOf<K>>) => void;
};

/** The actions stay in view at any width: the last column sticks to the right edge of the scroller. */
const stickyActions = 'sticky right-0 bg-background px-2 shadow-[-1px_0_0_var(--border)]';

/** A kind's current versions: its columns, the version (Disabled when none is active) and the row menu. */
export function LineageTable<K extends LineageKind>({
  entry,
  rows,
  capabilityName,
  canWrite,
  sort,
  onSort,
  ...handlers
}: LineageTableProps<K>) {
  return (
    <div className="rounded-lg border">
      <Table data-testid={`${entry.kind}-table`} aria-label={entry.list.tableLabel}>
        <TableHeader>
          <TableRow>
            <ColumnHeads
              columns={entry.list.columns.map(({ header, sort: field }) => ({ label: header, field }))}
              sort={sort}
              onSort={onSort}
              className="px-3"
            />
            <TableHead className="px-3">Version</TableHead>
            <TableHead className={stickyActions}>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <LineageTableRow
              key={row.lineageId}
              entry={entry}
              row={row}
              name={entry.list.nameOf(row, rows)}
              capabilityName={capabilityName}
              canWrite={canWrite}
              handlers={handlers}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

type LineageTableRowProps<K extends LineageKind> = Pick<
  LineageTableProps<K>,
  'entry' | 'capabilityName' | 'canWrite'
> & {
  row: LineageOf<K>;
  /** "route /orders". */
  name: string;
  handlers: LineageRowHandlers<LineageOf<K>>;
};

/** One lineage: its columns, its version and its menu. */
function LineageTableRow<K extends LineageKind>({
  entry,
  row,
  name,
  capabilityName,
  canWrite,
  handlers,
}: LineageTableRowProps<K>) {
  return (
    <TableRow data-testid={`${entry.noun}-row`}>
      {entry.list.columns.map(({ header, className, title, cell }) => (
        <TableCell key={header} className={cn('px-3', className)} title={title?.(row)}>
          {cell(row, capabilityName)}
        </TableCell>
      ))}
      <TableCell className="px-3">
        <span className="flex items-center gap-2" data-testid={`${entry.noun}-version`}>
          v{row.version}
          {!row.isActive && <Badge variant="outline">Disabled</Badge>}
        </span>
      </TableCell>
      <TableCell className={stickyActions}>
        <LineageRowActions
          name={name}
          active={row.isActive}
          canWrite={canWrite}
          onEdit={() => handlers.onEdit(row, name)}
          onHistory={() => handlers.onHistory(row, name)}
          onToggle={() => handlers.onToggle(row, name)}
          onDelete={() => handlers.onDelete(row, name)}
          promoteLabel={promoteLabel(row)}
          onPromote={() => handlers.onPromote(row, name)}
        />
      </TableCell>
    </TableRow>
  );
}
