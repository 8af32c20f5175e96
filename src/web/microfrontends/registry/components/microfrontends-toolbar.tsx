import type { microfrontendSortFields, SortValue } from '@contract/lists';
import { NAME_ASCENDING, NAME_DESCENDING, NEWEST_FIRST, OLDEST_FIRST } from '@/components/list/sort-options';
import { SortSelect, type SortOption } from '@/components/list/sort-select';
import { SearchToolbar } from '@/microfrontends/components/search-toolbar';

type SortField = (typeof microfrontendSortFields)[number];

const sortOptions: readonly SortOption<SortField>[] = [
  NAME_ASCENDING,
  NAME_DESCENDING,
  { value: 'slug', label: 'Slug (A–Z)' },
  { value: '-slug', label: 'Slug (Z–A)' },
  NEWEST_FIRST,
  OLDEST_FIRST,
];

type MicrofrontendsToolbarProps = {
  q: string;
  onSearch: (q: string) => void;
  sort: SortValue<SortField>;
  onSort: (sort: SortValue<SortField>) => void;
};

/** Server-side search (name, slug, description) and the sort of the registry's cards. */
export function MicrofrontendsToolbar({ q, onSearch, sort, onSort }: MicrofrontendsToolbarProps) {
  return (
    <SearchToolbar
      label="Microfrontend filters"
      q={q}
      onSearch={onSearch}
      searchLabel="Search microfrontends"
      placeholder="Search by name, slug or description..."
    >
      <SortSelect sort={sort} options={sortOptions} onSort={onSort} />
    </SearchToolbar>
  );
}
