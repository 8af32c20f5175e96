import { environmentNames } from '@contract/common';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import type { ChangeRequestForm } from '@/components/change-request-form';
import { RequestChangeDialog } from '@/components/request-change-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { deploymentsQueryOptions } from '@/deployments/api/get-deployments';
import {
  switchChange,
  useSwitchDeployment,
  type SwitchDeploymentInput,
} from '@/deployments/api/switch-deployment';
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

/** Production traffic moves at once: asked before a direct switch and before a bypass alike. */
const productionQuestion = (name: string, { toSlot }: SwitchDeploymentInput) =>
  `Switch ${name} in Production to the ${toSlot.toUpperCase()} slot?`;

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
  const [confirming, setConfirming] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const plan = switchPlan(rows);
  const input = resourceId && plan ? { kind, id: resourceId, environment, ...plan } : null;
  // Deployments are the platform's: its policy decides whether a switch applies or is requested.
  const request = useChangeRequestForm({ tenantId: null, environment });

  const run = () => {
    if (!input) return;
    switchDeployment.mutate(input, {
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
    });
  };

  const onClick = () => {
    if (!input) {
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
      {input && requesting && (
        <SwitchRequestDialog input={input} name={name} form={request} onOpenChange={setRequesting} />
      )}
      {input && (
        <ConfirmDialog
          open={confirming}
          title={productionQuestion(name, input)}
          description={`All production traffic of ${name} moves from the ${input.fromSlot.toUpperCase()} slot to the ${input.toSlot.toUpperCase()} slot at once. Switching again moves it back.`}
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

/** The switch as a change request, where the platform's policy asks for approvals. */
function SwitchRequestDialog({
  input,
  name,
  form,
  onOpenChange,
}: {
  input: SwitchDeploymentInput;
  name: string;
  form: ChangeRequestForm;
  onOpenChange: (open: boolean) => void;
}) {
  const { kind, id, environment, fromSlot, toSlot } = input;
  const where = environmentNames[environment];
  return (
    <RequestChangeDialog
      open
      onOpenChange={onOpenChange}
      title={`Request: switch ${name} in ${where}`}
      description={`Once applied, ${where} traffic of ${name} moves from the ${fromSlot.toUpperCase()} slot to the ${toSlot.toUpperCase()} slot.`}
      form={form}
      change={switchChange(input)}
      bypassConfirmation={
        environment === 'production'
          ? {
              title: productionQuestion(name, input),
              description: `All production traffic of ${name} moves from the ${fromSlot.toUpperCase()} slot to the ${toSlot.toUpperCase()} slot at once, without approval.`,
              confirmLabel: 'Switch production traffic',
            }
          : undefined
      }
      appliedRefreshes={deploymentsQueryOptions(kind, id, environment).queryKey}
    />
  );
}
