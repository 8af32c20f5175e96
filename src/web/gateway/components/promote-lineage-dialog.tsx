import type { Environment } from '@contract/common';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { asDirectError, useChangeRequestForm } from '@/changes';
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
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/components/notify';
import { serverFieldIssues } from '@/lib/server-issues';
import { ConfigurationDiff } from '@/components/configuration-diff';
import { environmentName } from '@contract/common';
import { invalidateLineages, type AnyLineage, type LineageKind } from '@/gateway/api/gateway-keys';
import { usePromoteLineage, usePromotionTarget } from '@/gateway/api/promote-lineage';
import { lineageChanges } from '@/gateway/lib/lineage-changes';
import { promotionTarget } from '@/gateway/lib/promotion';

type PromoteLineageDialogProps = {
  kind: LineageKind;
  tenantId: string;
  /** The active version to promote; undefined: closed. Its environment decides the target. */
  version: AnyLineage | undefined;
  /** "route /orders". */
  name: string;
  /** A version as text, as the history shows it, for the difference against the target. */
  describe: (version: AnyLineage) => string;
  onClose: () => void;
  /** After a successful promotion (the dialog has closed itself). */
  onPromoted?: () => void;
};

/**
 * Promotes a route's or policy's active version to the next environment (docs/promotion.md): shows what
 * it would change against what is active in the target lineage earlier promotions went to, or that
 * nothing is there yet. Production asks first.
 */
export function PromoteLineageDialog({
  kind,
  tenantId,
  version,
  name,
  describe,
  onClose,
  onPromoted,
}: PromoteLineageDialogProps) {
  const target = version ? promotionTarget(version.environment) : null;
  return (
    <Dialog open={!!version} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{target ? `Promote to ${environmentName(target)}` : 'Promote'}</DialogTitle>
          <DialogDescription>
            {version
              ? `${name} · version ${version.version} of ${environmentName(version.environment)} · ${version.capabilityId}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening reads the target afresh and starts without errors. */}
        {version && target && (
          <PromoteForm
            kind={kind}
            tenantId={tenantId}
            version={version}
            target={target}
            name={name}
            describe={describe}
            onDone={() => {
              onClose();
              onPromoted?.();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PromoteForm({
  kind,
  tenantId,
  version,
  target,
  name,
  describe,
  onDone,
}: {
  kind: LineageKind;
  tenantId: string;
  version: AnyLineage;
  target: Environment;
  name: string;
  describe: (version: AnyLineage) => string;
  onDone: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const promote = usePromoteLineage(kind, tenantId);
  const queryClient = useQueryClient();
  // The target environment's policy decides: promote directly, or request the promotion.
  const request = useChangeRequestForm({ tenantId, environment: target });
  const requesting = request.mode === 'request';
  const pending = promote.isPending || request.pending;
  const targetName = environmentName(target);

  /** A refusal of the target's rules (409) or of the target itself (400) names the one field. */
  const showProblem = (error: unknown) => {
    const issue = serverFieldIssues(error).find((i) => i.field === 'targetEnvironment');
    if (issue) setProblem(issue.message);
    else if (error instanceof ApiError && error.status === 409) setProblem(error.message);
  };

  const sendRequest = () =>
    request.submit(lineageChanges.promote(kind, tenantId, version.lineageId, target), {
      onSuccess: (created) => {
        // Nothing changes until the request applies; a bypass applies now.
        if (created.status === 'applied') void invalidateLineages(queryClient, kind, tenantId);
        setConfirming(false);
        onDone();
      },
      onError: (error) => {
        setConfirming(false);
        showProblem(asDirectError(error));
      },
    });

  const send = () => {
    setProblem(null);
    if (requesting) {
      sendRequest();
      return;
    }
    promote.mutate(
      { lineageId: version.lineageId, targetEnvironment: target },
      {
        onSuccess: (created) => {
          notifySuccess(
            `Promoted to ${targetName}`,
            `Version ${created.version} of the ${name} is active in ${targetName}.`,
          );
          setConfirming(false);
          onDone();
        },
        onError: (error) => {
          setConfirming(false);
          // The policy changed since the dialog opened: it stays open and now requests the promotion.
          if (request.handleDirectError(error)) return;
          showProblem(error);
          notifyError(error, `Failed to promote to ${targetName}`);
        },
      },
    );
  };

  // Production asks first when the promotion applies now: directly, or by a bypass. A request waits
  // for its reviewers, so it does not ask.
  const asks = target === 'production' && (!requesting || request.bypass);

  return (
    <div className="space-y-4">
      <TargetDiff kind={kind} tenantId={tenantId} version={version} target={target} describe={describe} />
      {problem && (
        <p role="alert" className="text-sm text-destructive" data-testid="promote-problem">
          {problem}
        </p>
      )}
      {requesting && request.fields}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          variant={requesting && request.bypass ? 'destructive' : 'default'}
          disabled={pending || request.mode === 'loading' || (requesting && !request.valid)}
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
        title={`Promote version ${version.version} of the ${name} to Production?`}
        description="It becomes the active Production version there at once. Activating the previous version in the Production history takes it back."
        pending={pending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
        confirmLabel="Promote to Production"
        pendingLabel="Promoting..."
      />
    </div>
  );
}

/** What the promotion would change against the active version of the matching target lineage. */
function TargetDiff({
  kind,
  tenantId,
  version,
  target,
  describe,
}: {
  kind: LineageKind;
  tenantId: string;
  version: AnyLineage;
  target: Environment;
  describe: (version: AnyLineage) => string;
}) {
  const preview = usePromotionTarget(kind, tenantId, version.lineageId, target);
  const targetName = environmentName(target);
  const noun = kind === 'routes' ? 'route' : 'policy';
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
