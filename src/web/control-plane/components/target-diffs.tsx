import { useQueries } from '@tanstack/react-query';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import type { Environment } from '@contract/vocabulary';
import { ConfigurationDiff } from '@/components/configuration-diff';
import { Skeleton } from '@/components/ui/skeleton';
import { activeVersionsQueryOptions } from '@/control-plane/api/get-active-versions';
import { prettyJson } from '@/control-plane/lib/json-text';

/** For each chosen region, what this configuration would change against the one active there. */
export function TargetDiffs({
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
