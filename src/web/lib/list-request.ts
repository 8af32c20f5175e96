import { apiRequest } from '@/lib/api-client';

/*
 * Mirror TOTAL_COUNT_HEADER (src/contract/common.ts) and the cursor headers (src/contract/list-cursor.ts);
 * not imported, so zod stays out of the list chunks.
 */
const TOTAL_COUNT_HEADER = 'X-Total-Count';
const TOTAL_IS_ESTIMATE_HEADER = 'X-Total-Is-Estimate';
const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
const PREVIOUS_CURSOR_HEADER = 'X-Previous-Cursor';

/** Where a page's neighbours start (keyset cursors), and whether its total is the server's estimate. */
export type PageLinks = { totalIsEstimate?: boolean; nextCursor?: string; previousCursor?: string };

/** One page of a list (src/contract/lists.ts conventions): its rows, the total matching rows, its links. */
export type Page<T> = { rows: T[]; total: number } & PageLinks;

/** Query values of a list or options request; empty strings, undefined and empty arrays are not sent. */
export type ListQuery = Record<string, string | number | readonly string[] | undefined>;

// Array.isArray does not narrow a readonly array out of a union.
const isList = (value: ListQuery[string]): value is readonly string[] => Array.isArray(value);

export function listSearch(query: ListQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (isList(value)) {
      for (const item of value) search.append(key, item);
    } else if (String(value).trim() !== '') {
      search.set(key, String(value).trim());
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * GET a list endpoint; the total comes from X-Total-Count (the row count when the header is missing),
 * the links from X-Next-Cursor, X-Previous-Cursor and X-Total-Is-Estimate.
 */
export async function getPage<T>(path: string, query: ListQuery): Promise<Page<T>> {
  const res = await apiRequest('GET', `${path}${listSearch(query)}`);
  // The caller's row type, the endpoint's contract; the server shaped the page by that schema.
  const rows = (await res.json()) as T[];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  const nextCursor = res.headers.get(NEXT_CURSOR_HEADER);
  const previousCursor = res.headers.get(PREVIOUS_CURSOR_HEADER);
  return {
    rows,
    total: res.headers.has(TOTAL_COUNT_HEADER) && Number.isFinite(total) ? total : rows.length,
    ...(res.headers.get(TOTAL_IS_ESTIMATE_HEADER) === 'true' ? { totalIsEstimate: true } : {}),
    ...(nextCursor ? { nextCursor } : {}),
    ...(previousCursor ? { previousCursor } : {}),
  };
}

/** GET `<resource>/options?q=&limit=&ids=`: a picker's compact rows (src/contract/lists.ts `Option`). */
export function getOptions<T>(path: string, params: { q?: string; ids?: readonly string[]; limit?: number }) {
  return getPage<T>(path, { q: params.q, ids: params.ids, limit: params.limit });
}
