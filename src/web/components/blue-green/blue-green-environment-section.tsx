import { recentEvents, type Environment, type EnvironmentBlueGreen } from '@contract/blue-green';
import { RotateCcw, Shuffle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useBlueGreenAction, type BlueGreenTarget } from '@/components/blue-green/api';
import { ActiveSlotBadge } from '@/components/blue-green/active-slot-badge';
import { DeploymentHistory } from '@/components/blue-green/deployment-history';
import { RollbackDialog } from '@/components/blue-green/rollback-dialog';
import { SlotVersionInput } from '@/components/blue-green/slot-version-input';
import { SwitchSlotDialog } from '@/components/blue-green/switch-slot-dialog';
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
  const toggle = useBlueGreenAction(target, 'toggle-environment-blue-green');
  const [dialog, setDialog] = useState<'switch' | 'rollback' | null>(null);
  const enabled = state?.enabled ?? false;
  const activeSlot = state?.activeSlot ?? null;
  const hasHistory = (state?.deploymentHistory.length ?? 0) > 0;
  const titleId = `blue-green-${environment}-title`;
  // The server refuses slot changes while blue-green is off for the environment (409).
  const locked = !canManage || !enabled;

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
        <label className="flex items-center gap-2 text-sm text-muted-foreground">
          {enabled ? 'Enabled' : 'Disabled'}
          <Switch
            aria-label={`Blue-green deployment for ${label}`}
            checked={enabled}
            disabled={!canManage || toggle.isPending}
            onCheckedChange={onToggle}
          />
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['blue', 'green'] as const).map((slot) => (
          <SlotVersionInput
            key={slot}
            target={target}
            environment={environment}
            environmentLabel={label}
            slot={slot}
            state={state}
            disabled={locked}
          />
        ))}
      </div>
      {canManage && (
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
      )}
      <DeploymentHistory events={recentEvents(state)} />
      {activeSlot && (
        <>
          <SwitchSlotDialog
            open={dialog === 'switch'}
            onOpenChange={(open) => setDialog(open ? 'switch' : null)}
            target={target}
            environment={environment}
            environmentLabel={label}
            fromSlot={activeSlot}
          />
          <RollbackDialog
            open={dialog === 'rollback'}
            onOpenChange={(open) => setDialog(open ? 'rollback' : null)}
            target={target}
            environment={environment}
            environmentLabel={label}
            fromSlot={activeSlot}
          />
        </>
      )}
    </section>
  );
}
