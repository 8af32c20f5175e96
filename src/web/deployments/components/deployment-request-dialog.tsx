import type { Change } from '@contract/changes';
import { RequestChangeDialog } from '@/changes';
import type { ChangeRequestForm } from '@/changes';
import { deploymentKeys } from '@/deployments/api/deployment-keys';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';

type DeploymentRequestDialogProps = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  title: string;
  description: string;
  form: ChangeRequestForm;
  change: Change;
  /** Production asks before a bypass applies it at once, as the direct action does. */
  bypassConfirmation: { title: string; description: string; confirmLabel: string };
  onClose: () => void;
};

/**
 * A write on a resource's slots (a switch, a rollout action) as a change request, where the platform's
 * policy asks for approvals; applied at once (a bypass), the slots, their health and rollouts refresh.
 */
export function DeploymentRequestDialog({
  kind,
  id,
  environment,
  bypassConfirmation,
  onClose,
  ...props
}: DeploymentRequestDialogProps) {
  return (
    <RequestChangeDialog
      open
      onOpenChange={(next) => !next && onClose()}
      {...props}
      bypassConfirmation={environment === 'production' ? bypassConfirmation : undefined}
      appliedRefreshes={deploymentKeys.slots(kind, id, environment)}
    />
  );
}
