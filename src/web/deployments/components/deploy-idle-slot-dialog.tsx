import { environmentNames } from '@contract/vocabulary';
import { Upload } from 'lucide-react';
import type { ChangeRequestForm } from '@/changes';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { deployChange } from '@/deployments/api/deploy-to-idle-slot';
import { deploymentsQueryOptions } from '@/deployments/api/get-deployments';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import type { SlotRow } from '@/deployments/lib/slots';
import { useIdleSlotDeploy, type RequestedDeployment } from '@/deployments/components/use-idle-slot-deploy';

// The dialogs load on their own (the slots paint without them): the form when the button is pressed,
// the request dialog while a deployment waits for it.
const DeployFormDialog = lazyDialog(() =>
  import('@/deployments/components/deploy-form-dialog').then((m) => m.DeployFormDialog),
);
const RequestChangeDialog = lazyDialog(() =>
  import('@/deployments/components/request-change-dialog').then((m) => m.RequestChangeDialog),
);

type DeployIdleSlotDialogProps = {
  kind: ResourceKind;
  resourceId: string;
  resourceName: string;
  environment: Environment;
  rows: SlotRow[];
};

/**
 * Deploy to idle slot (administrators): a version into the slot that is not live, ready to switch to.
 * An environment's first deployment goes live, so where the platform's policy asks for approvals it
 * continues into a change request instead (docs/requesting-changes.md).
 */
export function DeployIdleSlotDialog(props: DeployIdleSlotDialogProps) {
  const { resourceName, environment } = props;
  const { open, setOpen, requested, closeRequest, request, slot, goesLive, requesting, run, pending } =
    useIdleSlotDeploy(props);
  const where = environmentNames[environment];

  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        Deploy to idle slot
      </Button>
      <DeployFormDialog
        kind={props.kind}
        resourceId={props.resourceId}
        environment={environment}
        open={open}
        onOpenChange={(next) => !pending && setOpen(next)}
        description={
          goesLive
            ? `${resourceName} has no live slot in ${where}: this first deployment goes live on the blue slot.${requesting ? ' It needs approval, so it becomes a change request.' : ''}`
            : `The ${slot} slot of ${resourceName} in ${where} gets this version, inactive with health unknown; traffic stays on the live slot until you switch.`
        }
        pending={pending}
        submitLabel={requesting ? 'Continue to request' : 'Deploy'}
        onSubmit={run}
      />
      {requested && (
        <FirstDeploymentRequestDialog
          {...props}
          requested={requested}
          form={request}
          onClose={closeRequest}
        />
      )}
    </>
  );
}

/** An environment's first deployment (it goes live) as a change request. */
function FirstDeploymentRequestDialog({
  kind,
  resourceId,
  resourceName,
  environment,
  requested,
  form,
  onClose,
}: DeployIdleSlotDialogProps & {
  requested: RequestedDeployment;
  form: ChangeRequestForm;
  onClose: () => void;
}) {
  const where = environmentNames[environment];
  return (
    <RequestChangeDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Request: first deployment of ${resourceName} in ${where}`}
      description={`${resourceName} has no live slot in ${where}: once applied, ${requested.version} goes live on the blue slot.`}
      form={form}
      change={deployChange(requested.input)}
      bypassConfirmation={
        environment === 'production'
          ? {
              title: `Deploy ${resourceName} ${requested.version} live in Production?`,
              description: `Production serves ${resourceName} ${requested.version} at once, without approval.`,
              confirmLabel: 'Deploy',
            }
          : undefined
      }
      appliedRefreshes={deploymentsQueryOptions(kind, resourceId, environment).queryKey}
    />
  );
}
