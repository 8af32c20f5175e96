import { ArrowLeftRight } from 'lucide-react';
import type { Change } from '@contract/changes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { RequestChangeDialog } from '@/components/request-change-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { deploymentsQueryOptions } from '@/deployments/api/get-deployments';
import { useSwitchDeployment } from '@/deployments/api/switch-deployment';
import { environmentLabels, type Environment, type ResourceKind } from '@/deployments/lib/resource-kinds';
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
 * Switch Slots: from the live slot to the inactive one (docs/product.md, States and transitions,
 * Validation and Errors). In production it asks first, since live traffic moves; elsewhere it switches on
 * the click. Where the platform's approval policy asks for approvals, it opens a request form instead (a
 * bypass there still asks first).
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
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const plan = switchPlan(rows);
  // Deployments are the platform's: its policy decides whether a switch applies or is requested.
  const request = useChangeRequestForm({ tenantId: null, environment });
  const change: Change | null =
    resourceId && plan
      ? kind === 'microfrontends'
        ? {
            kind: 'microfrontend_deployment.switch',
            body: { microfrontendId: resourceId, environment, ...plan },
          }
        : { kind: 'capability_deployment.switch', body: { capabilityId: resourceId, environment, ...plan } }
      : null;

  const run = () => {
    if (!resourceId || !plan) return;
    switchDeployment.mutate(
      { kind, id: resourceId, environment, ...plan },
      {
        onSuccess: () =>
          toast({ title: 'Deployment switched', description: 'Traffic has been switched to the new slot' }),
        onError: (error) => {
          // The policy changed since the page loaded: request the switch instead.
          if (request.handleDirectError(error)) {
            setRequesting(true);
            return;
          }
          toast({
            variant: 'destructive',
            title: 'Switch failed',
            description: getErrorMessage(error, 'Failed to switch deployment.'),
          });
        },
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
    if (request.mode === 'request') setRequesting(true);
    else if (environment === 'production') setConfirming(true);
    else run();
  };

  const name = resourceName ?? resourceId ?? '';
  return (
    <>
      <Button
        onClick={onClick}
        disabled={!canSwitch || rows.length < 2 || switchDeployment.isPending || request.mode === 'loading'}
        title={canSwitch ? undefined : 'Only administrators can switch slots'}
      >
        <ArrowLeftRight aria-hidden="true" />
        {switchDeployment.isPending ? 'Switching...' : 'Switch Slots'}
      </Button>
      {plan && change && requesting && (
        <RequestChangeDialog
          open
          onOpenChange={setRequesting}
          title={`Request: switch ${name} in ${environmentLabels[environment]}`}
          description={`Once applied, ${environmentLabels[environment]} traffic of ${name} moves from the ${plan.fromSlot.toUpperCase()} slot to the ${plan.toSlot.toUpperCase()} slot.`}
          form={request}
          change={change}
          bypassConfirmation={
            environment === 'production'
              ? {
                  title: `Switch ${name} in Production to the ${plan.toSlot.toUpperCase()} slot?`,
                  description: `All production traffic of ${name} moves from the ${plan.fromSlot.toUpperCase()} slot to the ${plan.toSlot.toUpperCase()} slot at once, without approval.`,
                  confirmLabel: 'Switch production traffic',
                }
              : undefined
          }
          onRequested={(created) => {
            if (created.status !== 'applied' || !resourceId) return;
            const { queryKey } = deploymentsQueryOptions(kind, resourceId, environment);
            void queryClient.invalidateQueries({ queryKey });
          }}
        />
      )}
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
