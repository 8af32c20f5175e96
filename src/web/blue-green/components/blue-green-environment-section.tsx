import { recentEvents, type Environment, type EnvironmentBlueGreen } from '@contract/blue-green';
import { Switch } from '@/components/ui/switch';
import { useBlueGreenAction, type BlueGreenTarget } from '@/blue-green/components/api';
import type { BlueGreenPlace } from '@/blue-green/components/blue-green-place';
import { ActiveSlotBadge } from '@/blue-green/components/active-slot-badge';
import { DeploymentHistory } from '@/blue-green/components/deployment-history';
import { SlotActions } from '@/blue-green/components/slot-actions';
import { SlotVersionInput } from '@/blue-green/components/slot-version-input';
import { notifyError, notifySuccess } from '@/components/notify';

type BlueGreenEnvironmentSectionProps = {
  target: BlueGreenTarget;
  environment: Environment;
  label: string;
  state: EnvironmentBlueGreen | undefined;
  canManage: boolean;
};

/** One environment: toggle, active slot, slot versions, Switch Slot, Rollback, last five events. */
export function BlueGreenEnvironmentSection({
  target,
  environment,
  label,
  state,
  canManage,
}: BlueGreenEnvironmentSectionProps) {
  const enabled = state?.enabled ?? false;
  const activeSlot = state?.activeSlot ?? null;
  const titleId = `blue-green-${environment}-title`;
  // The server refuses slot changes while blue-green is off for the environment (409).
  const locked = !canManage || !enabled;
  const where: BlueGreenPlace = { target, environment, environmentLabel: label };

  return (
    <section
      aria-labelledby={titleId}
      data-testid={`blue-green-${environment}`}
      className="space-y-4 rounded-lg border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h3 id={titleId} className="font-semibold">
            {label}
          </h3>
          <ActiveSlotBadge slot={activeSlot} />
        </div>
        <BlueGreenToggle {...where} enabled={enabled} canManage={canManage} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['blue', 'green'] as const).map((slot) => (
          <SlotVersionInput key={slot} {...where} slot={slot} state={state} disabled={locked} />
        ))}
      </div>
      {canManage && (
        <SlotActions
          {...where}
          activeSlot={activeSlot}
          locked={locked}
          hasHistory={(state?.deploymentHistory.length ?? 0) > 0}
        />
      )}
      <DeploymentHistory events={recentEvents(state)} />
    </section>
  );
}

/** Blue-green on or off for the environment. */
function BlueGreenToggle({
  target,
  environment,
  environmentLabel,
  enabled,
  canManage,
}: BlueGreenPlace & { enabled: boolean; canManage: boolean }) {
  const toggle = useBlueGreenAction(target, 'toggle-environment-blue-green');
  const onToggle = (next: boolean) =>
    toggle.mutate(
      { environment, enabled: next },
      {
        onSuccess: () =>
          notifySuccess(
            'Blue-Green Deployment Updated',
            `Blue-green deployment ${next ? 'enabled' : 'disabled'} for ${environmentLabel}.`,
          ),
        onError: (error) => notifyError(error, 'Failed to toggle blue-green deployment.'),
      },
    );
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      {enabled ? 'Enabled' : 'Disabled'}
      <Switch
        aria-label={`Blue-green deployment for ${environmentLabel}`}
        checked={enabled}
        disabled={!canManage || toggle.isPending}
        onCheckedChange={onToggle}
      />
    </label>
  );
}
