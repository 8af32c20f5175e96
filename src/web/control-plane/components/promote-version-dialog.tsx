import { useQueries, useQueryClient } from '@tanstack/react-query';
import {
  NEXT_ENVIRONMENT,
  type ConfigurationVersion,
  type PromoteVersionBody,
} from '@contract/capability-subscriptions';
import type { Environment } from '@contract/common';
import { acceptedRegions, isEnvironmentEnabled } from '@contract/governance';
import type { Tenant } from '@contract/tenants';
import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { activeVersionsQueryOptions } from '@/control-plane/api/get-active-versions';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';
import { usePromoteVersion } from '@/control-plane/api/promote-version';
import { ConfigurationDiff } from '@/components/configuration-diff';
import { RegionCheckboxes } from '@/control-plane/components/region-checkboxes';
import { prettyJson } from '@/control-plane/lib/json-text';
import { environmentName, isEnvironment } from '@contract/common';
import { notifyError, notifySuccess } from '@/components/notify';

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

/** The environment a version is promoted to, or null (production, or not an environment). */
export function promotionTarget(environment: string): Environment | null {
  return isEnvironment(environment) ? NEXT_ENVIRONMENT[environment] : null;
}

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{target ? `Promote to ${environmentName(target)}` : 'Promote'}</DialogTitle>
          <DialogDescription>
            {version
              ? `${capabilityName ?? version.capabilityId} · version ${version.version} of ${environmentName(version.environment)} · ${version.region}`
              : ''}
          </DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}

function PromoteForm({
  tenant,
  version,
  target,
  onDone,
}: {
  tenant: Tenant;
  version: ConfigurationVersion;
  target: Environment;
  onDone: () => void;
}) {
  const enabled = isEnvironmentEnabled(tenant, target);
  const offered = enabled ? acceptedRegions(tenant, target) : [];
  const [regions, setRegions] = useState<string[]>(() =>
    offered.includes(version.region) ? [version.region] : [],
  );
  const [notes, setNotes] = useState('');
  const [confirming, setConfirming] = useState(false);
  const promote = usePromoteVersion();
  const queryClient = useQueryClient();
  // The target environment's policy decides: promote directly, or request the promotion.
  const request = useChangeRequestForm({ tenantId: tenant.id, environment: target });
  const requesting = request.mode === 'request';
  const pending = promote.isPending || request.pending;
  const targetName = environmentName(target);
  const chosen = offered.filter((region) => regions.includes(region));
  const body: PromoteVersionBody = {
    targetEnvironment: target,
    // Offered by acceptedRegions, which only answers control-plane regions.
    targetRegions: chosen as PromoteVersionBody['targetRegions'],
    notes: notes.trim() || null,
  };

  const sendRequest = () =>
    request.submit(
      { kind: 'configuration.promote', versionId: version.id, body },
      {
        onSuccess: (created) => {
          if (created.status === 'applied') void invalidateVersions(queryClient, tenant.id);
          setConfirming(false);
          onDone();
        },
        onError: () => setConfirming(false),
      },
    );

  const send = () => {
    if (requesting) {
      sendRequest();
      return;
    }
    promote.mutate(
      { versionId: version.id, body },
      {
        onSuccess: (created) => {
          notifySuccess(
            `Promoted to ${targetName}`,
            created.map((v) => `${v.region}: version ${v.version}`).join(', '),
          );
          setConfirming(false);
          onDone();
        },
        onError: (error) => {
          setConfirming(false);
          if (!request.handleDirectError(error)) notifyError(error, `Failed to promote to ${targetName}`);
        },
      },
    );
  };

  // Production asks first when the promotion applies now: directly, or by a bypass. A request waits
  // for its reviewers, so it does not ask.
  const asks = target === 'production' && (!requesting || request.bypass);

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
        disabled={pending}
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
          disabled={pending}
        />
      </div>
      {requesting && request.fields}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          variant={requesting && request.bypass ? 'destructive' : 'default'}
          disabled={
            chosen.length === 0 || pending || request.mode === 'loading' || (requesting && !request.valid)
          }
          onClick={() => (asks ? setConfirming(true) : send())}
        >
          {pending && !confirming
            ? requesting
              ? 'Sending...'
              : 'Promoting...'
            : requesting
              ? request.submitLabel
              : 'Promote'}
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={confirming}
        title={`Promote version ${version.version} to Production in ${chosen.join(', ')}?`}
        description="It becomes the active Production configuration there at once. Activating the previous version in the history takes it back."
        pending={pending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
        confirmLabel="Promote to Production"
        pendingLabel="Promoting..."
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
