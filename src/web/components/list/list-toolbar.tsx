import type { ComponentType } from 'react';
import { FilterSelect } from '@/components/list/filter-select';
import { SearchInput } from '@/components/list/search-input';
import { SortSelect, type SortOption } from '@/components/list/sort-select';
import type { ListUrlState } from '@/hooks/use-list-url-state';
import { cn } from '@/lib/utils';

/**
 * A filter that picks from what the server searches (the tenants feature's TenantCombobox). Features
 * pass it in: this folder imports no feature.
 */
export type FilterPicker = ComponentType<{
  label: string;
  emptyLabel: string;
  className: string;
  value: string;
  onChange: (value: string) => void;
}>;

/** One filter of the toolbar: a select of fixed options, or a picker. */
export type ListFilter<K extends string> = {
  name: K;
  /** The control's accessible name, e.g. "Status filter". */
  label: string;
  /** The no-filter entry, e.g. "All statuses". */
  allLabel: string;
  className?: string;
} & ({ options: readonly { value: string; label: string }[] } | { Picker: FilterPicker });

type ListToolbarProps<F extends string, K extends string> = {
  view: ListUrlState<F, K>;
  /** The group's accessible name, e.g. "Application filters". */
  label?: string;
  search: { label: string; placeholder: string; className?: string };
  filters: readonly ListFilter<K>[];
  /** For lists shown as cards (no column headers to sort by). */
  sortOptions?: readonly SortOption<F>[];
  /** The row's layout; the default wraps on wide screens. */
  className?: string;
};

/** A list's search box, its filters and its sort, all kept in the list's URL state. */
export function ListToolbar<F extends string, K extends string>({
  view,
  label,
  search,
  filters,
  sortOptions,
  className = 'lg:flex-row lg:flex-wrap lg:items-center',
}: ListToolbarProps<F, K>) {
  return (
    <div
      className={cn('flex flex-col gap-3', className)}
      role={label ? 'group' : undefined}
      aria-label={label}
    >
      <SearchInput value={view.q} onSearch={view.setSearch} {...search} />
      {filters.map(({ name, label, allLabel, className, ...control }) => {
        const bound = { value: view.filters[name], onChange: (value: string) => view.setFilter(name, value) };
        return 'Picker' in control ? (
          <control.Picker
            key={name}
            label={label}
            emptyLabel={allLabel}
            className={className ?? ''}
            {...bound}
          />
        ) : (
          <FilterSelect
            key={name}
            label={label}
            allLabel={allLabel}
            options={control.options}
            className={className}
            {...bound}
          />
        );
      })}
      {sortOptions && <SortSelect sort={view.sort} options={sortOptions} onSort={view.setSort} />}
    </div>
  );
}
