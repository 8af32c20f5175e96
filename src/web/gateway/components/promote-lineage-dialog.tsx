import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { asDirectError, useChangeRequestForm } from '@/changes';
import { ConfigurationDiff } from '@/components/configuration-diff';
import { Skeleton } from '@/components/ui/skeleton';
import { PromotionActions, PromotionDialog, usePromotion } from '@/versioned';
import { ApiError } from '@/lib/api-client';
import { serverFieldIssues } from '@/lib/server-issues';
import { invalidateLineages, type LineageKind, type LineageOf } from '@/gateway/api/gateway-keys';
import { usePromoteLineage, usePromotionTarget } from '@/gateway/api/promote-lineage';
import type { LineageBasics } from '@/gateway/components/lineage-entry';
import { lineageChanges } from '@/gateway/lib/lineage-changes';
import { promotionTarget } from '@/gateway/lib/promotion';

type PromoteLineageDialogProps<K extends LineageKind> = {
  entry: LineageBasics<K>;
  tenantId: string;
  /** The active version to promote; undefined: closed. Its environment decides the target. */
  version: LineageOf<K> | undefined;
  /** "route /orders". */
  name: string;
  onClose: () => void;
  /** After a successful promotion (the dialog has closed itself). */
  onPromoted?: () => void;
};

/**
 * Promotes a route's or policy's active version to the next environment (docs/promotion.md): shows what
 * it would change against what is active in the target lineage earlier promotions went to, or that
 * nothing is there yet. Production asks first.
 */
export function PromoteLineageDialog<K extends LineageKind>({
  entry,
  tenantId,
  version,
  name,
  onClose,
  onPromoted,
}: PromoteLineageDialogProps<K>) {
  const target = version ? promotionTarget(version.environment) : null;
  return (
    <PromotionDialog
      open={!!version}
      onOpenChange={(open) => !open && onClose()}
      target={target}
      description={
        version
          ? `${name} · version ${version.version} of ${environmentName(version.environment)} · ${version.capabilityId}`
          : ''
      }
    >
      {/* Mounted only while open: every opening reads the target afresh and starts without errors. */}
      {version && target && (
        <PromoteForm
          entry={entry}
          tenantId={tenantId}
          version={version}
          target={target}
          name={name}
          onDone={() => {
            onClose();
            onPromoted?.();
          }}
        />
      )}
    </PromotionDialog>
  );
}

type PromoteFormProps<K extends LineageKind> = {
  entry: LineageBasics<K>;
  tenantId: string;
  version: LineageOf<K>;
  target: Environment;
  name: string;
  onDone: () => void;
};

function PromoteForm<K extends LineageKind>({
  entry,
  tenantId,
  version,
  target,
  name,
  onDone,
}: PromoteFormProps<K>) {
  const { kind } = entry;
  const [problem, setProblem] = useState<string | null>(null);
  const promote = usePromoteLineage(kind, tenantId);
  const queryClient = useQueryClient();
  // The target environment's policy decides: promote directly, or request the promotion.
  const request = useChangeRequestForm({ tenantId, environment: target });

  /** A refusal of the target's rules (409) or of the target itself (400) names the one field. */
  const showProblem = (error: unknown) => {
    const issue = serverFieldIssues(error).find((i) => i.field === 'targetEnvironment');
    if (issue) setProblem(issue.message);
    else if (error instanceof ApiError && error.status === 409) setProblem(error.message);
  };

  const promotion = usePromotion({
    request,
    target,
    change: lineageChanges.promote(kind, tenantId, version.lineageId, target),
    promote: (settled) =>
      promote.mutate({ lineageId: version.lineageId, targetEnvironment: target }, settled),
    promoting: promote.isPending,
    promoted: (created: LineageOf<K>) =>
      `Version ${created.version} of the ${name} is active in ${environmentName(target)}.`,
    onApplied: () => void invalidateLineages(queryClient, kind, tenantId),
    onSend: () => setProblem(null),
    onRequestError: (error) => showProblem(asDirectError(error)),
    onDirectError: showProblem,
    onDone,
  });

  return (
    <div className="space-y-4">
      <TargetDiff entry={entry} tenantId={tenantId} version={version} target={target} />
      {problem && (
        <p role="alert" className="text-sm text-destructive" data-testid="promote-problem">
          {problem}
        </p>
      )}
      <PromotionActions
        promotion={promotion}
        confirmTitle={`Promote version ${version.version} of the ${name} to Production?`}
        confirmDescription="It becomes the active Production version there at once. Activating the previous version in the Production history takes it back."
      />
    </div>
  );
}

/** What the promotion would change against the active version of the matching target lineage. */
function TargetDiff<K extends LineageKind>({
  entry,
  tenantId,
  version,
  target,
}: Omit<PromoteFormProps<K>, 'name' | 'onDone'>) {
  const preview = usePromotionTarget(entry.kind, tenantId, version.lineageId, target);
  const targetName = environmentName(target);
  const { noun, describe } = entry;
  return (
    <section className="space-y-1 rounded-md border p-2 text-sm" aria-label={`Changes in ${targetName}`}>
      <span className="font-medium">{targetName}</span>
      {preview.isPending ? (
        <Skeleton className="h-6" aria-busy="true" />
      ) : preview.isError ? (
        <p className="text-destructive">Could not load what is in {targetName}.</p>
      ) : preview.data.active ? (
        <ConfigurationDiff
          from={describe(preview.data.active)}
          to={describe(version)}
          activeVersion={preview.data.active.version}
          summary={`Difference from the active version ${preview.data.active.version} there`}
          defaultOpen
        />
      ) : preview.data.lineageId ? (
        <p className="text-muted-foreground">
          The {noun} promoted there earlier has no active version; this becomes its version{' '}
          {(preview.data.latestVersion ?? 0) + 1}.
        </p>
      ) : (
        <p className="text-muted-foreground">
          Nothing there yet: this creates the {noun} in {targetName}.
        </p>
      )}
    </section>
  );
}
