import { environmentNames } from '@contract/vocabulary';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { useDeployToIdleSlot, type DeployInput } from '@/deployments/api/deploy-to-idle-slot';
import type { Environment } from '@/deployments/lib/resource-kinds';
import { targetSlot, type SlotRow } from '@/deployments/lib/slots';
import { notifyError, notifySuccess } from '@/components/notify';

/** A deployment the policy asks approvals for: its input, and the version named in the request. */
export type RequestedDeployment = { input: DeployInput; version: string };

type IdleSlotDeployOptions = { resourceName: string; environment: Environment; rows: SlotRow[] };

/**
 * The deploy form's state and its submit: a deployment into the idle slot, or, for an environment's
 * first deployment (it goes live) where the platform's policy asks approvals, a change request.
 */
export function useIdleSlotDeploy({ resourceName, environment, rows }: IdleSlotDeployOptions) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState<RequestedDeployment | null>(null);
  const deploy = useDeployToIdleSlot();
  // Deployments are the platform's: its policy decides whether a first deployment applies or is requested.
  const request = useChangeRequestForm({ tenantId: null, environment });
  const { slot, goesLive } = targetSlot(rows);
  const requesting = goesLive && request.mode === 'request';
  const where = environmentNames[environment];

  const requestInstead = (deployment: RequestedDeployment) => {
    setOpen(false);
    setRequested(deployment);
  };

  const run = (input: DeployInput, version: string) => {
    if (requesting) return requestInstead({ input, version });
    deploy.mutate(input, {
      onSuccess: () => {
        notifySuccess(
          'Deployed to idle slot',
          goesLive
            ? `${resourceName} ${version} is live on the ${slot} slot in ${where}.`
            : `${resourceName} ${version} is on the ${slot} slot in ${where}; switch to make it live.`,
        );
        setOpen(false);
      },
      onError: (error: unknown) => {
        // The policy changed since the page read it: the same deployment becomes a request.
        if (request.handleDirectError(error)) requestInstead({ input, version });
        else notifyError(error, 'Failed to deploy to idle slot.');
      },
    });
  };

  return {
    open,
    setOpen,
    requested,
    closeRequest: () => setRequested(null),
    request,
    slot,
    goesLive,
    requesting,
    run,
    pending: deploy.isPending,
  };
}
