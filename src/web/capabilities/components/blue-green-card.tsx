import type { Capability } from '@contract/capabilities';
import { capabilityQueryOptions } from '@/capabilities/api/get-capability';
import { CAPABILITIES_PATH } from '@/capabilities/api/capability-keys';
import { BlueGreenSectionsCard, blueGreenEnvironments, type BlueGreenTarget } from '@/blue-green';
import { useIsAdmin } from '@/auth';
import { ChangeRequestFormScope, needsApproval, useApprovalPolicy } from '@/changes';

/** Blue-Green Deployment of a capability: one section per environment (like the tenant's). */
export function BlueGreenCard({ capability }: { capability: Capability }) {
  const canManage = useIsAdmin();
  // Read with the card, so the dialogs and slot inputs know whether they apply or request.
  const { data: policy } = useApprovalPolicy(null);
  const target: BlueGreenTarget = {
    basePath: `${CAPABILITIES_PATH}/${encodeURIComponent(capability.id)}`,
    queryKey: capabilityQueryOptions(capability.id).queryKey,
    // A shared capability follows the platform's approval policy.
    approval: {
      Scope: ChangeRequestFormScope,
      tenantId: null,
      needsApproval: (environment) => needsApproval(policy, environment),
      switchChange: (body) => ({ kind: 'capability_blue_green.switch', capabilityId: capability.id, body }),
      rollbackChange: (body) => ({
        kind: 'capability_blue_green.rollback',
        capabilityId: capability.id,
        body,
      }),
      slotVersionChange: (body) => ({
        kind: 'capability_blue_green.slot_version',
        capabilityId: capability.id,
        body,
      }),
    },
  };

  return (
    <BlueGreenSectionsCard
      data-testid="blue-green-card"
      target={target}
      config={capability.blueGreenConfig}
      sections={blueGreenEnvironments}
      canManage={canManage}
      description="Two slots per environment: one serves traffic while the other receives the next version."
    />
  );
}
