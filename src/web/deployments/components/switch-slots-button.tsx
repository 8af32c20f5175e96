import { ArrowLeftRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useSwitchDeployment } from '@/deployments/api/switch-deployment';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { switchPlan, type SlotRow } from '@/deployments/lib/slots';
import { getErrorMessage } from '@/lib/api-client';

type SwitchSlotsButtonProps = {
  kind: ResourceKind;
  resourceId: string | undefined;
  environment: Environment;
  rows: SlotRow[];
  /** Writes are for administrators; others see the button disabled. */
  canSwitch: boolean;
};

/** Switch Slots: from the live slot to the inactive one (SPEC.md sections 4, 5 and 8). */
export function SwitchSlotsButton({
  kind,
  resourceId,
  environment,
  rows,
  canSwitch,
}: SwitchSlotsButtonProps) {
  const switchDeployment = useSwitchDeployment();

  const onClick = () => {
    const plan = switchPlan(rows);
    if (!resourceId || !plan) {
      toast({
        variant: 'destructive',
        title: 'Cannot switch',
        description: 'Both blue and green slots must be deployed.',
      });
      return;
    }
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
      },
    );
  };

  return (
    <Button
      onClick={onClick}
      disabled={!canSwitch || rows.length < 2 || switchDeployment.isPending}
      title={canSwitch ? undefined : 'Only administrators can switch slots'}
    >
      <ArrowLeftRight aria-hidden="true" />
      {switchDeployment.isPending ? 'Switching...' : 'Switch Slots'}
    </Button>
  );
}
