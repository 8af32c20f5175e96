import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type * as React from 'react';
import type { SortValue } from '@contract/lists';
import { TableHead } from '@/components/ui/table';
import { cn } from '@/lib/utils';

type SortableHeaderProps<F extends string> = {
  field: F;
  sort: SortValue<F>;
  onSort: (sort: SortValue<F>) => void;
  children: React.ReactNode;
  className?: string;
};

/** The direction `field` sorts in now, or null when the list is sorted on another field. */
export function sortDirection<F extends string>(sort: SortValue<F>, field: F): 'asc' | 'desc' | null {
  if (sort === field) return 'asc';
  if (sort === `-${field}`) return 'desc';
  return null;
}

/**
 * A column header that sorts the list on its field: a button inside the th (so it is reachable by
 * keyboard and announced as a button), with aria-sort on the th as the table pattern asks.
 * The first click sorts ascending, the next one descending.
 */
export function SortableHeader<F extends string>({
  field,
  sort,
  onSort,
  children,
  className,
}: SortableHeaderProps<F>) {
  const direction = sortDirection(sort, field);
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className={className}
    >
      <button
        type="button"
        className={cn(
          '-ml-2 inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium hover:bg-accent',
          'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        )}
        onClick={() => onSort(direction === 'asc' ? (`-${field}` as const) : field)}
      >
        {children}
        <Icon className={cn('size-3.5', !direction && 'text-muted-foreground')} aria-hidden="true" />
      </button>
    </TableHead>
  );
}
