import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isOneOf } from '@contract/sets';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortValue } from '@contract/list-conventions';

export type ListUrlConfig<F extends string, K extends string> = {
  /** The contract's sortable fields of this list; any other `sort` in the URL falls back to the default. */
  sortFields: readonly F[];
  defaultSort: SortValue<F>;
  /** Filter names as they appear in the URL (and in the API query). */
  filters: readonly K[];
  /** Key prefix, so two lists on one screen keep separate state (e.g. `mesh` -> `meshQ`, `meshPage`). */
  prefix?: string;
};

export type ListUrlState<F extends string, K extends string> = {
  q: string;
  filters: Record<K, string>;
  sort: SortValue<F>;
  page: number;
  pageSize: number;
  /**
   * The API query of the current view: q, filters, sort, limit, and offset (a page reached by its
   * number) or cursor (a page reached by next/previous).
   */
  query: { q?: string; sort: SortValue<F>; limit: number; offset?: number; cursor?: string } & Partial<
    Record<K, string>
  >;
  setSearch: (q: string) => void;
  /** `replace` for a filter typed into a box (no history entry per pause). */
  setFilter: (name: K, value: string, replace?: boolean) => void;
  setSort: (sort: SortValue<F>) => void;
  setPage: (page: number) => void;
  /** Next or previous: the page number to show, and the cursor of the reply that reads it cheaply. */
  setPageByCursor: (page: number, cursor: string) => void;
  setPageSize: (size: number) => void;
};

const positiveInt = (value: string | null): number | null => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? n : null;
};

/**
 * A list's view (search, filters, sort, page, page size) kept in the URL, so a reload, back/forward or
 * a shared link shows the same rows. Defaults are left out of the URL; a new search, filter or sort goes
 * back to page 1. Typing replaces the history entry (no entry per keystroke); everything else pushes.
 */
export function useListUrlState<F extends string, K extends string = never>(
  config: ListUrlConfig<F, K>,
): ListUrlState<F, K> {
  const [params, setParams] = useSearchParams();
  const { sortFields, defaultSort, filters: filterNames, prefix = '' } = config;
  const key = useCallback(
    (name: string) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name),
    [prefix],
  );

  const q = params.get(key('q')) ?? '';
  const rawSort = params.get(key('sort'));
  const sort = (
    rawSort && sortFields.includes(rawSort.replace(/^-/, '') as F) ? rawSort : defaultSort
  ) as SortValue<F>;
  const size = positiveInt(params.get(key('size')));
  const pageSize = isOneOf(PAGE_SIZES, size) ? size : DEFAULT_PAGE_SIZE;
  const page = positiveInt(params.get(key('page'))) ?? 1;
  // A cursor only means something on the page it was given for; page 1 never needs one.
  const cursor = page > 1 ? (params.get(key('cursor')) ?? '') : '';
  const filterKey = filterNames.map((name) => params.get(key(name)) ?? '').join('\u0000');

  const filters = useMemo(() => {
    const values = filterKey.split('\u0000');
    return Object.fromEntries(filterNames.map((name, i) => [name, values[i] ?? ''])) as Record<K, string>;
  }, [filterKey, filterNames]);

  const update = useCallback(
    (changes: Record<string, string | number | null>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key(name));
            else next.set(key(name), String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [key, setParams],
  );

  return useMemo(() => {
    const activeFilters = Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== ''),
    ) as Partial<Record<K, string>>;
    return {
      q,
      filters,
      sort,
      page,
      pageSize,
      query: {
        ...activeFilters,
        q: q || undefined,
        sort,
        limit: pageSize,
        ...(cursor ? { cursor } : { offset: (page - 1) * pageSize }),
      },
      setSearch: (value) => update({ q: value.trim(), page: null, cursor: null }, true),
      setFilter: (name, value, replace) => update({ [name]: value, page: null, cursor: null }, replace),
      setSort: (value) => update({ sort: value === defaultSort ? null : value, page: null, cursor: null }),
      setPage: (value) => update({ page: value <= 1 ? null : value, cursor: null }),
      setPageByCursor: (value, next) =>
        update(value <= 1 ? { page: null, cursor: null } : { page: value, cursor: next }),
      setPageSize: (value) =>
        update({ size: value === DEFAULT_PAGE_SIZE ? null : value, page: null, cursor: null }),
    };
  }, [filters, q, sort, page, pageSize, cursor, update, defaultSort]);
}
