import type { SortValue } from '@contract/lists';
import { SortableHeader } from '@/components/list/sortable-header';
import { TableHead } from '@/components/ui/table';

/** A table column: its header text, and the field it sorts on when the server sorts on it. */
export type Column<F extends string> = { label: string; field?: F };

type ColumnHeadsProps<F extends string> = {
  columns: ReadonlyArray<Column<F>>;
  sort: SortValue<F>;
  onSort: (sort: SortValue<F>) => void;
  className?: string;
};

/** A table's column headers in order: sortable where the column has a field, plain otherwise. */
export function ColumnHeads<F extends string>({ columns, sort, onSort, className }: ColumnHeadsProps<F>) {
  return columns.map(({ label, field }) =>
    field ? (
      <SortableHeader key={label} field={field} sort={sort} onSort={onSort} className={className}>
        {label}
      </SortableHeader>
    ) : (
      <TableHead key={label} className={className}>
        {label}
      </TableHead>
    ),
  );
}
