import type { SortOption } from '@/components/list/sort-select';

/** The sorts most card lists offer, under the same labels everywhere. */
export const NEWEST_FIRST: SortOption<'createdAt'> = { value: '-createdAt', label: 'Newest first' };
export const OLDEST_FIRST: SortOption<'createdAt'> = { value: 'createdAt', label: 'Oldest first' };
export const NAME_ASCENDING: SortOption<'name'> = { value: 'name', label: 'Name (A–Z)' };
export const NAME_DESCENDING: SortOption<'name'> = { value: '-name', label: 'Name (Z–A)' };
