import type { OverviewProbe, OverviewSlot } from '@contract/overview-attention';
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { environmentLabel } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useOverviewSlots, useSlotLatency } from '@/overview/api/attention';
import { AttentionCard, CappedList } from '@/overview/components/attention-card';

const LatencyChart = lazy(() => import('@/overview/charts/latency-chart'));

/** Slots listed: two, so the card and its latency chart fit the first screen with the others. */
const SHOWN = 2;

const probeText = (probe: OverviewProbe) =>
  `${probe.ok ? 'passed' : 'failed'}${probe.statusCode ? ` (${probe.statusCode})` : ''} in ${probe.durationMs} ms`;

/** The recent probes as a strip of marks, oldest first: passed full height, failed in the alert colour. */
function ProbeStrip({ slot }: { slot: OverviewSlot }) {
  const failed = slot.probes.filter((probe) => !probe.ok).length;
  const summary = `${slot.probes.length} recent probes, ${failed} failed`;
  return (
    <div className="flex items-end gap-0.5" role="img" aria-label={summary} data-testid="probe-strip">
      {slot.probes.map((probe) => (
        <span
          key={probe.checkedAt}
          title={probeText(probe)}
          className={cn('w-1.5 rounded-[1px]', probe.ok ? 'h-3 bg-success' : 'h-2 bg-destructive')}
        />
      ))}
    </div>
  );
}

/** The chosen slot's latency chart, its text alternative first. */
function SlotLatency({ slot }: { slot: OverviewSlot }) {
  const latency = useSlotLatency(slot.id);
  if (latency.status === 'pending') return <Skeleton className="h-20 w-full" />;
  if (latency.status === 'error')
    return <p className="text-xs text-destructive">Could not load the latency.</p>;
  const probes = latency.data.probes;
  const durations = probes.map((probe) => probe.durationMs);
  const text =
    probes.length === 0
      ? `No probes of ${slot.resourceName} yet.`
      : `Latency of ${slot.resourceName} ${slot.slot} over its last ${probes.length} probes: ${Math.min(...durations)} to ${Math.max(...durations)} ms, latest ${durations.at(-1)} ms.`;
  return (
    <div className="space-y-1">
      <p className="line-clamp-2 text-xs text-muted-foreground" data-testid="latency-summary">
        {text}
      </p>
      {probes.length > 0 && (
        <Suspense fallback={<Skeleton className="h-20 w-full" />}>
          <LatencyChart probes={probes} />
        </Suspense>
      )}
    </div>
  );
}

function SlotRow({ slot, chosen, onChoose }: { slot: OverviewSlot; chosen: boolean; onChoose: () => void }) {
  const state = slot.healthStatus === 'unhealthy' ? 'Unhealthy' : `${slot.healthFailures} failed checks`;
  return (
    <li data-testid="attention-slot" className="flex items-center justify-between gap-2 py-1.5">
      <div className="min-w-0">
        <button
          type="button"
          aria-pressed={chosen}
          onClick={onChoose}
          className={cn(
            'block max-w-full truncate text-left text-sm font-medium hover:underline',
            chosen && 'underline',
          )}
        >
          {slot.resourceName} · {environmentLabel(slot.environment)} {slot.slot}
        </button>
        <p className="truncate text-xs text-muted-foreground">
          {state}
          {slot.healthReason ? ` · ${slot.healthReason}` : ''} · {slot.trafficPercentage}% traffic
        </p>
      </div>
      <ProbeStrip slot={slot} />
    </li>
  );
}

function SlotsBody({ slots: all, total }: { slots: OverviewSlot[]; total: number }) {
  const slots = all.slice(0, SHOWN);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = slots.find((slot) => slot.id === chosenId) ?? slots[0];
  return (
    <div className="space-y-2">
      <CappedList total={total} shown={slots.length}>
        {slots.map((slot) => (
          <SlotRow key={slot.id} slot={slot} chosen={slot === chosen} onChoose={() => setChosenId(slot.id)} />
        ))}
      </CappedList>
      {chosen && <SlotLatency slot={chosen} />}
    </div>
  );
}

/** Slots that are unhealthy or whose check is failing, each with its recent probes; a chosen one's latency. */
export function SlotsCard() {
  return (
    <AttentionCard
      id="overview-slots"
      title="Slots needing attention"
      link={{ to: '/deployments', label: 'Deployments' }}
      query={useOverviewSlots()}
      isEmpty={(data) => data.total === 0}
      emptyText="Every slot's health check passes."
    >
      {(data) => <SlotsBody slots={data.items} total={data.total} />}
    </AttentionCard>
  );
}
