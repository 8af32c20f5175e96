import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  OverviewActivity,
  OverviewLatency,
  OverviewRequests,
  OverviewRollouts,
  OverviewScheduled,
  OverviewSlots,
} from '@contract/overview-attention';
import { getJson } from '@/lib/api-client';
import { overviewKeys } from '@/overview/api/overview-keys';

/*
 * The Overview's cards, one GET each (docs/overview.md). Their keys sit under the Overview's, so what
 * refreshes the Overview (a mutation, an applied request, a live event) refreshes every card.
 */

type Card = 'requests' | 'scheduled' | 'rollouts' | 'slots' | 'activity';

export const attentionKeys = {
  card: (card: Card) => [...overviewKeys.all, card] as const,
  latency: (slotId: string) => [...overviewKeys.all, 'latency', slotId] as const,
};

const cardQuery = <T>(card: Card) =>
  queryOptions({ queryKey: attentionKeys.card(card), queryFn: () => getJson<T>(`/api/overview/${card}`) });

export const useOverviewRequests = () => useQuery(cardQuery<OverviewRequests>('requests'));
export const useOverviewScheduled = () => useQuery(cardQuery<OverviewScheduled>('scheduled'));
export const useOverviewRollouts = () => useQuery(cardQuery<OverviewRollouts>('rollouts'));
/** Probes that do not change a slot's health send no event: the slots card also polls. */
const PROBE_POLL_MS = 30_000;
export const useOverviewSlots = () =>
  useQuery({ ...cardQuery<OverviewSlots>('slots'), refetchInterval: PROBE_POLL_MS });
export const useOverviewActivity = () => useQuery(cardQuery<OverviewActivity>('activity'));

/** One slot's latency series, read only once a slot is chosen. */
export const useSlotLatency = (slotId: string | null) =>
  useQuery({
    queryKey: attentionKeys.latency(slotId ?? ''),
    queryFn: () =>
      getJson<OverviewLatency>(`/api/overview/slots/${encodeURIComponent(slotId ?? '')}/latency`),
    enabled: slotId !== null,
    refetchInterval: PROBE_POLL_MS,
  });
