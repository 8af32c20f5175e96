import type { Received } from './webhook-receiver';

/** What a burst's receiver got, in the terms of docs/webhooks.md's delivery promise. */
export interface Arrivals {
  /** Event numbers (`changes.n`) in the order of their first accepted arrival. */
  firsts: number[];
  /** Accepted requests beyond the first of each event. */
  duplicates: number;
  /** First arrivals that came after a later event's first arrival. */
  outOfOrder: number;
  /** Events that arrived under more than one `webhook-id` (a duplicate must be a retry: one id). */
  mixedIds: number;
  /** Requests answered 2xx. */
  accepted: number;
}

/** The event number a burst's test put in `changes.n`. */
const numberOf = (body: string): number =>
  (JSON.parse(body) as { data: { changes: { n: number } } }).data.changes.n;

/** Sorts a receiver's requests into first arrivals, duplicates and order (accepted ones only). */
export function arrivalsOf(received: Received[]): Arrivals {
  const accepted = received.filter((r) => r.status < 300);
  const firsts: number[] = [];
  const ids = new Map<number, Set<string>>();
  let outOfOrder = 0;
  let highest = -1;
  for (const request of accepted) {
    const n = numberOf(request.body);
    const seen = ids.get(n);
    ids.set(n, (seen ?? new Set<string>()).add(String(request.headers['webhook-id'])));
    if (seen) continue;
    if (n < highest) outOfOrder += 1;
    highest = Math.max(highest, n);
    firsts.push(n);
  }
  return {
    firsts,
    duplicates: accepted.length - firsts.length,
    outOfOrder,
    mixedIds: [...ids.values()].filter((set) => set.size > 1).length,
    accepted: accepted.length,
  };
}

/** How many distinct events were accepted so far. */
export const deliveredCount = (received: Received[]): number =>
  new Set(received.filter((r) => r.status < 300).map((r) => numberOf(r.body))).size;
