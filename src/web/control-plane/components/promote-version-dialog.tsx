import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationVersion, PromoteVersionBody } from '@contract/capability-subscriptions';
import { controlPlaneRegions, environmentName, type Environment } from '@contract/vocabulary';
import { acceptedRegions, isEnvironmentEnabled } from '@contract/governance';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { PromotionActions } from '@/components/versioned/promotion-actions';
import { PromotionDialog } from '@/components/versioned/promotion-dialog';
import { promotionTarget } from '@/components/versioned/promotion-target';
import { usePromotion } from '@/components/versioned/use-promotion';
import { activeVersionsQueryOptions } from '@/control-plane/api/get-active-versions';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';
import { usePromoteVersion } from '@/control-plane/api/promote-version';
import { ConfigurationDiff } from '@/components/configuration-diff';
import { RegionCheckboxes } from '@/control-plane/components/region-checkboxes';
import { prettyJson } from '@/control-plane/lib/json-text';

type PromoteVersionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Its governance limits the target regions offered. */
  tenant: Tenant;
  /** The version to promote; its environment decides the target. */
  version: ConfigurationVersion | undefined;
  capabilityName: string | undefined;
  /** After a successful promotion (the dialog has closed itself). */
  onPromoted?: () => void;
};

/**
 * "Promote to UAT/Production" (docs/promotion.md): pick the target regions the tenant accepts, see what
 * the configuration would change against what is active in each, then promote. Production asks first.
 */
export function PromoteVersionDialog({
  open,
  onOpenChange,
  tenant,
  version,
  capabilityName,
  onPromoted,
}: PromoteVersionDialogProps) {
  const target = version ? promotionTarget(version.environment) : null;
  return (
    <PromotionDialog
      open={open}
      onOpenChange={onOpenChange}
      target={target}
      description={
        version
          ? `${capabilityName ?? version.capabilityId} · version ${version.version} of ${environmentName(version.environment)} · ${version.region}`
          : ''
      }
    >
      {/* Mounted only while open: every opening starts from the preselected region. */}
      {open && version && target && (
        <PromoteForm
          tenant={tenant}
          version={version}
          target={target}
          onDone={() => {
            onOpenChange(false);
            onPromoted?.();
          }}
        />
      )}
    </PromotionDialog>
  );
}

type PromoteFormProps = {
  tenant: Tenant;
  version: ConfigurationVersion;
  target: Environment;
  onDone: () => void;
};

function PromoteForm({ tenant, version, target, onDone }: PromoteFormProps) {
  const enabled = isEnvironmentEnabled(tenant, target);
  const offered = enabled ? acceptedRegions(tenant, target) : [];
  const [regions, setRegions] = useState<string[]>(() =>
    offered.includes(version.region) ? [version.region] : [],
  );
  const [notes, setNotes] = useState('');
  const promote = usePromoteVersion();
  const queryClient = useQueryClient();
  const targetName = environmentName(target);
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

  if (!enabled || offered.length === 0) {
    return (
      <p className="py-4 text-sm text-muted-foreground" role="status">
        {enabled
          ? `This tenant accepts no region in ${targetName}.`
          : `${targetName} is not enabled for this tenant.`}
      </p>
    );
  }

  return (
    <div className="space-y-4">
      <RegionCheckboxes
        legend={`Target regions in ${targetName}`}
        idPrefix="promote"
        regions={offered}
        checked={regions}
        disabled={promotion.pending}
        onChange={(region, checked) =>
          setRegions((current) =>
            checked ? [...current, region] : current.filter((other) => other !== region),
          )
        }
      />
      <TargetDiffs tenantId={tenant.id} version={version} target={target} regions={chosen} />
      <div className="space-y-2">
        <Label htmlFor="promote-notes">Notes</Label>
        <Textarea
          id="promote-notes"
          value={notes}
          maxLength={2000}
          onChange={(event) => setNotes(event.target.value)}
          disabled={promotion.pending}
        />
      </div>
      <PromotionActions
        promotion={promotion}
        blocked={chosen.length === 0}
        confirmTitle={`Promote version ${version.version} to Production in ${chosen.join(', ')}?`}
        confirmDescription="It becomes the active Production configuration there at once. Activating the previous version in the history takes it back."
      />
    </div>
  );
}

/** For each chosen region, what this configuration would change against the one active there. */
function TargetDiffs({
  tenantId,
  version,
  target,
  regions,
}: {
  tenantId: string;
  version: ConfigurationVersion;
  target: Environment;
  regions: string[];
}) {
  const actives = useQueries({
    queries: regions.map((region) => activeVersionsQueryOptions({ tenantId, environment: target, region })),
  });
  if (regions.length === 0) {
    return <p className="text-sm text-muted-foreground">Choose at least one target region.</p>;
  }
  return (
    <ul className="space-y-2" aria-label="Changes in each target region">
      {regions.map((region, i) => {
        const query = actives[i];
        const active = query?.data?.find((v) => v.capabilityId === version.capabilityId);
        return (
          <li
            key={region}
            className="space-y-1 rounded-md border p-2 text-sm"
            data-testid={`promote-diff-${region}`}
          >
            <span className="font-medium">{region}</span>
            {!query || query.isPending ? (
              <Skeleton className="h-6" aria-busy="true" />
            ) : query.isError ? (
              <p className="text-destructive">Could not load what is active there.</p>
            ) : active ? (
              <ConfigurationDiff
                from={prettyJson(active.configuration)}
                to={prettyJson(version.configuration)}
                activeVersion={active.version}
                summary={`Difference from the active version ${active.version} there`}
                defaultOpen
              />
            ) : (
              <p className="text-muted-foreground">Nothing active there yet.</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
