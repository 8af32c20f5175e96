import type { HealthResult } from '@contract/rollouts';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '@/components/error-state';
import type { HealthCheckTarget } from '@/deployments/components/edit-health-check-dialog';
import { SlotCard } from '@/deployments/components/slot-card';
import { kindText, type ResourceKind } from '@/deployments/lib/resource-kinds';
import { slotNames, slotVersion, type SlotRow } from '@/deployments/lib/slots';

type DeploymentSlotsProps = {
  kind: ResourceKind;
  slots: UseQueryResult<SlotRow[]>;
  versionNames: ReadonlyMap<string, string>;
  health: UseQueryResult<HealthResult[]>;
  /** Where the cards' "Edit health check" saves (administrators); null: not offered. */
  editTarget: HealthCheckTarget | null;
};

/** The blue and green slot cards, or the loading, error and empty texts (docs/product.md, Deployments). */
export function DeploymentSlots({ kind, slots, versionNames, health, editTarget }: DeploymentSlotsProps) {
  if (slots.status === 'pending')
    return (
      <p aria-busy="true" className="py-8 text-center text-sm text-muted-foreground">
        Loading deployments...
      </p>
    );
  if (slots.status === 'error')
    return (
      <ErrorState
        error={slots.error}
        title="Could not load deployments"
        onRetry={() => void slots.refetch()}
      />
    );
  if (slots.data.length === 0)
    return (
      <p
        data-testid="empty-state"
        className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground"
      >
        No deployments found for this {kindText[kind].noun} and environment
      </p>
    );

  return (
    <div className="grid gap-4 md:grid-cols-2">
      {slotNames.map((slot) => {
        const row = slots.data.find((r) => r.slot === slot) ?? null;
        return (
          <SlotCard
            key={slot}
            slot={slot}
            row={row}
            version={row ? slotVersion(row, versionNames) : ''}
            health={health}
            editTarget={editTarget}
          />
        );
      })}
    </div>
  );
}
