import { apiRequest } from '@/lib/api-client';

/** Mirrors TOTAL_COUNT_HEADER in src/contract/common.ts (not imported, so zod stays out of the list chunks). */
const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** One page of a list (src/contract/lists.ts conventions): its rows and the total matching rows. */
export type Page<T> = { rows: T[]; total: number };

/** Query values of a list or options request; empty strings, undefined and empty arrays are not sent. */
export type ListQuery = Record<string, string | number | readonly string[] | undefined>;

export function listSearch(query: ListQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly string[]) search.append(key, item);
    } else if (String(value).trim() !== '') {
      search.set(key, String(value).trim());
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET a list endpoint; the total comes from X-Total-Count (the row count when the header is missing). */
export async function getPage<T>(path: string, query: ListQuery): Promise<Page<T>> {
  const res = await apiRequest('GET', `${path}${listSearch(query)}`);
  const rows = (await res.json()) as T[];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return { rows, total: res.headers.has(TOTAL_COUNT_HEADER) && Number.isFinite(total) ? total : rows.length };
}

/** GET `<resource>/options?q=&limit=&ids=`: a picker's compact rows (src/contract/lists.ts `Option`). */
export function getOptions<T>(path: string, params: { q?: string; ids?: readonly string[]; limit?: number }) {
  return getPage<T>(path, { q: params.q, ids: params.ids, limit: params.limit });
}
