import { useCallback, useMemo } from 'react';
import { useSearchParamsUpdate, type SearchParamsUpdater } from '@/hooks/use-search-params-update';
import { isOneOf, recordOf } from '@contract/sets';
import { DEFAULT_PAGE_SIZE, isSortValue, PAGE_SIZES, type SortValue } from '@contract/list-conventions';

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

/** The URL parameter of `name` under a list's prefix (`mesh` + `page` -> `meshPage`). */
const keyOf = (prefix: string, name: string) =>
  prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name;

/** What the URL says of the view, each value checked, with the defaults where it says nothing valid. */
function readView<F extends string>(
  params: URLSearchParams,
  key: (name: string) => string,
  config: ListUrlConfig<F, string>,
) {
  const rawSort = params.get(key('sort'));
  const size = positiveInt(params.get(key('size')));
  const page = positiveInt(params.get(key('page'))) ?? 1;
  return {
    q: params.get(key('q')) ?? '',
    sort: rawSort && isSortValue(config.sortFields, rawSort) ? rawSort : config.defaultSort,
    pageSize: isOneOf(PAGE_SIZES, size) ? size : DEFAULT_PAGE_SIZE,
    page,
    // A cursor only means something on the page it was given for; page 1 never needs one.
    cursor: page > 1 ? (params.get(key('cursor')) ?? '') : '',
  };
}

type ViewOf<F extends string> = ReturnType<typeof readView<F>>;

/** The API query of a view: its active filters, search, sort, page size, and offset or cursor. */
function apiQueryOf<F extends string, K extends string>(
  activeFilters: Partial<Record<K, string>>,
  { q, sort, pageSize, page, cursor }: ViewOf<F>,
): ListUrlState<F, K>['query'] {
  const offsetOrCursor = cursor ? { cursor } : { offset: (page - 1) * pageSize };
  return { ...activeFilters, q: q || undefined, sort, limit: pageSize, ...offsetOrCursor };
}

/**
 * The API query a list's address asks for, outside React: the same `query` the hook answers, so the
 * entry can start a screen's first request (src/web/app/route-data.ts) before the screen's code loads.
 */
export function listQueryOf<F extends string, K extends string = never>(
  params: URLSearchParams,
  config: ListUrlConfig<F, K>,
): ListUrlState<F, K>['query'] {
  const key = (name: string) => keyOf(config.prefix ?? '', name);
  const activeFilters: Partial<Record<K, string>> = {};
  for (const name of config.filters) {
    const value = params.get(key(name)) ?? '';
    if (value !== '') activeFilters[name] = value;
  }
  return apiQueryOf(activeFilters, readView(params, key, config));
}

/** Sets or removes URL parameters (null or empty removes); `replace` replaces the history entry. */
function useUrlUpdate(key: (name: string) => string, updateParams: SearchParamsUpdater) {
  return useCallback(
    (changes: Record<string, string | number | null>, replace = false) => {
      updateParams(
        (next) => {
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key(name));
            else next.set(key(name), String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [key, updateParams],
  );
}

/**
 * A list's view (search, filters, sort, page, page size) kept in the URL, so a reload, back/forward or
 * a shared link shows the same rows. Defaults are left out of the URL; a new search, filter or sort goes
 * back to page 1. Typing replaces the history entry (no entry per keystroke); everything else pushes.
 */
export function useListUrlState<F extends string, K extends string = never>(
  config: ListUrlConfig<F, K>,
): ListUrlState<F, K> {
  const [params, updateParams] = useSearchParamsUpdate();
  const { defaultSort, filters: filterNames, prefix = '' } = config;
  const key = useCallback((name: string) => keyOf(prefix, name), [prefix]);
  const update = useUrlUpdate(key, updateParams);
  const { q, sort, pageSize, page, cursor } = readView(params, key, config);
  const filterKey = filterNames.map((name) => params.get(key(name)) ?? '').join('\u0000');

  return useMemo(() => {
    const values = filterKey.split('\u0000');
    const filters = recordOf(filterNames, (_name, i) => values[i] ?? '');
    const activeFilters: Partial<Record<K, string>> = {};
    for (const name of filterNames) if (filters[name] !== '') activeFilters[name] = filters[name];
    const firstPage = { page: null, cursor: null };
    return {
      q,
      filters,
      sort,
      page,
      pageSize,
      query: apiQueryOf(activeFilters, { q, sort, pageSize, page, cursor }),
      setSearch: (value) => update({ q: value.trim(), ...firstPage }, true),
      setFilter: (name, value, replace) => update({ [name]: value, ...firstPage }, replace),
      setSort: (value) => update({ sort: value === defaultSort ? null : value, ...firstPage }),
      setPage: (value) => update({ page: value <= 1 ? null : value, cursor: null }),
      setPageByCursor: (value, next) => update(value <= 1 ? firstPage : { page: value, cursor: next }),
      setPageSize: (value) => update({ size: value === DEFAULT_PAGE_SIZE ? null : value, ...firstPage }),
    };
  }, [filterKey, filterNames, q, sort, page, pageSize, cursor, update, defaultSort]);
}
