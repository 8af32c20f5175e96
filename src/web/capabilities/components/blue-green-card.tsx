import { parseBlueGreenConfig, type Environment } from '@contract/blue-green';
import type { Capability } from '@contract/capabilities';
import { useMemo } from 'react';
import { capabilityQueryOptions } from '@/capabilities/api/get-capability';
import { CAPABILITIES_PATH } from '@/capabilities/api/capability-keys';
import { BlueGreenEnvironmentSection } from '@/components/blue-green/blue-green-environment-section';
import type { BlueGreenTarget } from '@/components/blue-green/api';
import { useIsAdmin } from '@/auth';
import { ChangeRequestFormScope, needsApproval, useApprovalPolicy } from '@/changes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The environments with a blue-green section, in the spec's order. */
export const blueGreenEnvironments: ReadonlyArray<{ environment: Environment; label: string }> = [
  { environment: 'production', label: 'Production' },
  { environment: 'uat', label: 'UAT' },
];

/** Blue-Green Deployment of a capability: one section per environment (like the tenant's). */
export function BlueGreenCard({ capability }: { capability: Capability }) {
  const canManage = useIsAdmin();
  const config = useMemo(
    () => parseBlueGreenConfig(capability.blueGreenConfig),
    [capability.blueGreenConfig],
  );
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
    <Card data-testid="blue-green-card">
      <CardHeader>
        {/* A heading, so that the per-environment h3 sections below sit under it. */}
        <CardTitle role="heading" aria-level={2}>
          Blue-Green Deployment
        </CardTitle>
        <CardDescription>
          Two slots per environment: one serves traffic while the other receives the next version.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {blueGreenEnvironments.map(({ environment, label }) => (
          <BlueGreenEnvironmentSection
            key={environment}
            target={target}
            environment={environment}
            label={label}
            state={config[environment]}
            canManage={canManage}
          />
        ))}
      </CardContent>
    </Card>
  );
}
