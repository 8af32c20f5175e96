import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@contract/audit';
import { apiRequest } from '@/lib/api-client';

export const AUDIT_EVENTS_PATH = '/api/audit-events';
/** Mirrors TOTAL_COUNT_HEADER in src/contract/common.ts (not imported, so zod stays out of this chunk). */
const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The filters and page of GET /api/audit-events; empty values are not sent. */
export type AuditEventsParams = {
  actor?: string;
  resourceType?: string;
  tenantId?: string;
  /** ISO date-times with offset. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
};

/** One page; `offset` is the page's own (a placeholder page shown while the next loads keeps its own). */
export type AuditEventsPage = { events: AuditEvent[]; total: number; offset: number };

export function auditEventsSearch(params: AuditEventsParams): string {
  const search = new URLSearchParams();
  for (const key of ['actor', 'resourceType', 'tenantId', 'from', 'to'] as const) {
    const value = params[key]?.trim();
    if (value) search.set(key, value);
  }
  search.set('limit', String(params.limit));
  search.set('offset', String(params.offset));
  return search.toString();
}

/** GET /api/audit-events: one page, newest first, with the filtered total from X-Total-Count. */
export async function getAuditEvents(params: AuditEventsParams): Promise<AuditEventsPage> {
  const res = await apiRequest('GET', `${AUDIT_EVENTS_PATH}?${auditEventsSearch(params)}`);
  const events = (await res.json()) as AuditEvent[];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return {
    events,
    total: Number.isFinite(total) && res.headers.has(TOTAL_COUNT_HEADER) ? total : events.length,
    offset: params.offset,
  };
}

export const auditEventsQueryOptions = (params: AuditEventsParams) =>
  queryOptions({
    queryKey: [AUDIT_EVENTS_PATH, params],
    queryFn: () => getAuditEvents(params),
    // Keep the current page on screen while the next one (or a new filter) loads.
    placeholderData: keepPreviousData,
    // The trail grows with every action: a cached page would hide the latest events on a later visit.
    staleTime: 0,
  });

export function useAuditEvents(params: AuditEventsParams) {
  return useQuery(auditEventsQueryOptions(params));
}
