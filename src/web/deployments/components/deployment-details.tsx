import type { Rollout } from '@contract/rollouts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSlotHealth } from '@/deployments/api/get-slot-health';
import { DeploymentSlots } from '@/deployments/components/deployment-slots';
import { RolloutPanel } from '@/deployments/components/rollout-panel';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import type { SlotRow } from '@/deployments/lib/slots';

type DeploymentDetailsProps = {
  kind: ResourceKind;
  /** The resource shown; undefined until the first of the list is known. */
  id: string | undefined;
  name: string | undefined;
  environment: Environment;
  slots: UseQueryResult<SlotRow[]>;
  rollouts: UseQueryResult<Rollout[]>;
  versionNames: ReadonlyMap<string, string>;
  /** Administrators edit health checks and act on rollouts. */
  isAdmin: boolean;
};

/** The resource's two slot cards with their health, then its rollouts once it has slots. */
export function DeploymentDetails({
  kind,
  id,
  name,
  environment,
  slots,
  isAdmin,
  ...props
}: DeploymentDetailsProps) {
  const health = useSlotHealth(kind, id, environment);
  return (
    <>
      <DeploymentSlots
        kind={kind}
        slots={slots}
        versionNames={props.versionNames}
        health={health}
        editTarget={isAdmin && id ? { kind, id, environment } : null}
      />
      {id && slots.isSuccess && slots.data.length > 0 && (
        <RolloutPanel
          kind={kind}
          id={id}
          environment={environment}
          name={name ?? id}
          rollouts={props.rollouts}
          rows={slots.data}
          canAct={isAdmin}
        />
      )}
    </>
  );
}
