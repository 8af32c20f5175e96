import { useQueryClient } from '@tanstack/react-query';
import type { ConfigurationVersion, PromoteVersionBody } from '@contract/capability-subscriptions';
import { controlPlaneRegions, type Environment } from '@contract/vocabulary';
import { acceptedRegions, isEnvironmentEnabled } from '@contract/governance';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { usePromotion } from '@/versioned';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';
import { usePromoteVersion } from '@/control-plane/api/promote-version';

export type PromoteFormProps = {
  tenant: Tenant;
  version: ConfigurationVersion;
  target: Environment;
  onDone: () => void;
};

/**
 * The promotion form's state: the regions the tenant accepts in the target (the version's own
 * preselected), the ticked ones, the notes, and the promotion, direct or requested as the target's
 * policy decides.
 */
export function usePromoteForm({ tenant, version, target, onDone }: PromoteFormProps) {
  const enabled = isEnvironmentEnabled(tenant, target);
  const offered = enabled ? acceptedRegions(tenant, target) : [];
  const [regions, setRegions] = useState<string[]>(() =>
    offered.includes(version.region) ? [version.region] : [],
  );
  const [notes, setNotes] = useState('');
  const promote = usePromoteVersion();
  const queryClient = useQueryClient();
  // The contract's regions, in its order, that are offered and ticked.
  const chosen = controlPlaneRegions.filter((region) => offered.includes(region) && regions.includes(region));
  const body: PromoteVersionBody = {
    targetEnvironment: target,
    targetRegions: chosen,
    notes: notes.trim() || null,
  };
  // The target environment's policy decides: promote directly, or request the promotion.
  const request = useChangeRequestForm({ tenantId: tenant.id, environment: target });
  const promotion = usePromotion({
    request,
    target,
    change: { kind: 'configuration.promote', versionId: version.id, body },
    promote: (settled) => promote.mutate({ versionId: version.id, body }, settled),
    promoting: promote.isPending,
    promoted: (created: ConfigurationVersion[]) =>
      created.map((v) => `${v.region}: version ${v.version}`).join(', '),
    onApplied: () => void invalidateVersions(queryClient, tenant.id),
    onDone,
  });
  const toggleRegion = (region: string, checked: boolean) =>
    setRegions((current) => (checked ? [...current, region] : current.filter((other) => other !== region)));

  return { enabled, offered, regions, toggleRegion, chosen, notes, setNotes, promotion };
}
