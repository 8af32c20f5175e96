import { recentEvents, type Environment, type EnvironmentBlueGreen } from '@contract/blue-green';
import { RotateCcw, Shuffle } from 'lucide-react';
import { useState } from 'react';
import { useToggleBlueGreen } from '@/capabilities/api/toggle-blue-green';
import { ActiveSlotBadge } from '@/capabilities/components/active-slot-badge';
import { DeploymentHistory } from '@/capabilities/components/deployment-history';
import { RollbackDialog } from '@/capabilities/components/rollback-dialog';
import { SlotVersionInput } from '@/capabilities/components/slot-version-input';
import { SwitchSlotDialog } from '@/capabilities/components/switch-slot-dialog';
import { notifyError, notifySuccess } from '@/capabilities/lib/notify';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';

type BlueGreenEnvironmentSectionProps = {
  capabilityId: string;
  environment: Environment;
  label: string;
  state: EnvironmentBlueGreen | undefined;
  /** Administrators only; everyone else sees the controls disabled. */
  canManage: boolean;
};

/** One environment: toggle, active slot, slot versions, Switch Slot, Rollback, last five events. */
export function BlueGreenEnvironmentSection({
  capabilityId,
  environment,
  label,
  state,
  canManage,
}: BlueGreenEnvironmentSectionProps) {
  const toggle = useToggleBlueGreen(capabilityId);
  const [dialog, setDialog] = useState<'switch' | 'rollback' | null>(null);
  const enabled = state?.enabled ?? false;
  const activeSlot = state?.activeSlot ?? null;
  const hasHistory = (state?.deploymentHistory.length ?? 0) > 0;
  // The server refuses slot changes while blue-green is off for the environment.
  const locked = !canManage || !enabled;
  const titleId = `blue-green-${environment}-title`;

  const onToggle = (next: boolean) =>
    toggle.mutate(
      { environment, enabled: next },
      {
        onSuccess: () =>
          notifySuccess(
            'Blue-Green Deployment Updated',
            `Blue-green deployment ${next ? 'enabled' : 'disabled'} for ${label}.`,
          ),
        onError: (error) => notifyError(error, 'Failed to toggle blue-green deployment.'),
      },
    );

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
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <span aria-hidden="true">{enabled ? 'Enabled' : 'Disabled'}</span>
          <Switch
            aria-label={`Blue-green deployment for ${label}`}
            checked={enabled}
            disabled={!canManage || toggle.isPending}
            onCheckedChange={onToggle}
          />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['blue', 'green'] as const).map((slot) => (
          <SlotVersionInput
            key={slot}
            capabilityId={capabilityId}
            environment={environment}
            environmentLabel={label}
            slot={slot}
            version={(slot === 'blue' ? state?.blueVersion : state?.greenVersion) ?? ''}
            disabled={locked}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={locked || !activeSlot}
          onClick={() => setDialog('switch')}
        >
          <Shuffle aria-hidden="true" />
          Switch Slot
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={locked || !hasHistory}
          onClick={() => setDialog('rollback')}
        >
          <RotateCcw aria-hidden="true" />
          Rollback
        </Button>
      </div>
      <DeploymentHistory events={recentEvents(state)} />
      {activeSlot && (
        <>
          <SwitchSlotDialog
            open={dialog === 'switch'}
            onOpenChange={(open) => setDialog(open ? 'switch' : null)}
            capabilityId={capabilityId}
            environment={environment}
            environmentLabel={label}
            fromSlot={activeSlot}
          />
          <RollbackDialog
            open={dialog === 'rollback'}
            onOpenChange={(open) => setDialog(open ? 'rollback' : null)}
            capabilityId={capabilityId}
            environment={environment}
            environmentLabel={label}
            fromSlot={activeSlot}
          />
        </>
      )}
    </section>
  );
}
