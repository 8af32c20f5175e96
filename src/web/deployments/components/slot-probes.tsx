import type { HealthResult } from '@contract/rollouts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { HealthStrip } from '@/deployments/components/health-strip';
import { slotProbes } from '@/deployments/lib/health';
import type { SlotName } from '@/deployments/lib/slots';

type SlotProbesProps = {
  slot: SlotName;
  /** Both slots' recent probes (newest first), polled. */
  health: UseQueryResult<HealthResult[]>;
};

/**
 * "Recent probes": the slot's strip, or why it is not shown yet. Both slot cards have one: the landmark's
 * name says whose, and its h3 follows the card's h2.
 */
export function SlotProbes({ slot, health }: SlotProbesProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2 pt-3">
      <h3 id={headingId} className="text-sm text-muted-foreground">
        Recent probes<span className="sr-only">, {slot} slot</span>
      </h3>
      {health.status === 'pending' ? (
        <p aria-busy="true" className="text-xs text-muted-foreground">
          Loading probes...
        </p>
      ) : health.status === 'error' ? (
        <p role="alert" className="text-xs text-destructive">
          Could not load the probes
        </p>
      ) : (
        <HealthStrip probes={slotProbes(health.data, slot)} />
      )}
    </section>
  );
}
