import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useDeployToIdleSlot } from '@/deployments/api/deploy-to-idle-slot';
import { DeployCapabilityFormFields } from '@/deployments/components/deploy-capability-form';
import { DeployMicrofrontendFormFields } from '@/deployments/components/deploy-microfrontend-form';
import { targetSlot } from '@/deployments/lib/deploy-forms';
import { environmentLabels, type Environment, type ResourceKind } from '@/deployments/lib/resource-kinds';
import type { SlotRow } from '@/deployments/lib/slots';
import { notifyError, notifySuccess } from '@/lib/notify';

type DeployIdleSlotDialogProps = {
  kind: ResourceKind;
  resourceId: string;
  resourceName: string;
  environment: Environment;
  rows: SlotRow[];
};

/** Deploy to idle slot (administrators): a version into the slot that is not live, ready to switch to. */
export function DeployIdleSlotDialog({
  kind,
  resourceId,
  resourceName,
  environment,
  rows,
}: DeployIdleSlotDialogProps) {
  const [open, setOpen] = useState(false);
  const deploy = useDeployToIdleSlot();
  const { slot, goesLive } = targetSlot(rows);
  const where = environmentLabels[environment];

  const done = (version: string) => ({
    onSuccess: () => {
      notifySuccess(
        'Deployed to idle slot',
        goesLive
          ? `${resourceName} ${version} is live on the ${slot} slot in ${where}.`
          : `${resourceName} ${version} is on the ${slot} slot in ${where}; switch to make it live.`,
      );
      setOpen(false);
    },
    onError: (error: unknown) => notifyError(error, 'Failed to deploy to idle slot.'),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !deploy.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" />
          Deploy to idle slot
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Deploy to idle slot</DialogTitle>
          <DialogDescription>
            {goesLive
              ? `${resourceName} has no live slot in ${where}: this first deployment goes live on the blue slot.`
              : `The ${slot} slot of ${resourceName} in ${where} gets this version, inactive with health unknown; traffic stays on the live slot until you switch.`}
          </DialogDescription>
        </DialogHeader>
        {open &&
          (kind === 'microfrontends' ? (
            <DeployMicrofrontendFormFields
              microfrontendId={resourceId}
              pending={deploy.isPending}
              onSubmit={({ versionId, version }) =>
                deploy.mutate({ kind, id: resourceId, environment, versionId }, done(version))
              }
            />
          ) : (
            <DeployCapabilityFormFields
              pending={deploy.isPending}
              onSubmit={({ version, endpoint }) =>
                deploy.mutate({ kind, id: resourceId, environment, version, endpoint }, done(version))
              }
            />
          ))}
      </DialogContent>
    </Dialog>
  );
}
