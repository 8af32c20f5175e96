import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useSwitchDeployment } from '@/deployments/api/switch-deployment';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { switchPlan, type SlotRow } from '@/deployments/lib/slots';
import { getErrorMessage } from '@/lib/api-client';

type SwitchSlotsButtonProps = {
  kind: ResourceKind;
  resourceId: string | undefined;
  /** Named in the production confirmation. */
  resourceName: string | undefined;
  environment: Environment;
  rows: SlotRow[];
  /** Writes are for administrators; others see the button disabled. */
  canSwitch: boolean;
};

/**
 * Switch Slots: from the live slot to the inactive one (SPEC.md sections 4, 5 and 8). In production it
 * asks first, since live traffic moves; elsewhere it switches on the click.
 */
export function SwitchSlotsButton({
  kind,
  resourceId,
  resourceName,
  environment,
  rows,
  canSwitch,
}: SwitchSlotsButtonProps) {
  const switchDeployment = useSwitchDeployment();
  const [confirming, setConfirming] = useState(false);
  const plan = switchPlan(rows);

  const run = () => {
    if (!resourceId || !plan) return;
    switchDeployment.mutate(
      { kind, id: resourceId, environment, ...plan },
      {
        onSuccess: () =>
          toast({ title: 'Deployment switched', description: 'Traffic has been switched to the new slot' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Switch failed',
            description: getErrorMessage(error, 'Failed to switch deployment.'),
          }),
        onSettled: () => setConfirming(false),
      },
    );
  };

  const onClick = () => {
    if (!resourceId || !plan) {
      toast({
        variant: 'destructive',
        title: 'Cannot switch',
        description: 'Both blue and green slots must be deployed.',
      });
      return;
    }
    if (environment === 'production') setConfirming(true);
    else run();
  };

  const name = resourceName ?? resourceId ?? '';
  return (
    <>
      <Button
        onClick={onClick}
        disabled={!canSwitch || rows.length < 2 || switchDeployment.isPending}
        title={canSwitch ? undefined : 'Only administrators can switch slots'}
      >
        <ArrowLeftRight aria-hidden="true" />
        {switchDeployment.isPending ? 'Switching...' : 'Switch Slots'}
      </Button>
      {plan && (
        <ConfirmDialog
          open={confirming}
          title={`Switch ${name} in Production to the ${plan.toSlot.toUpperCase()} slot?`}
          description={`All production traffic of ${name} moves from the ${plan.fromSlot.toUpperCase()} slot to the ${plan.toSlot.toUpperCase()} slot at once. Switching again moves it back.`}
          pending={switchDeployment.isPending}
          onConfirm={run}
          onClose={() => setConfirming(false)}
          confirmLabel="Switch production traffic"
          pendingLabel="Switching..."
        />
      )}
    </>
  );
}
