import type { ApprovalPolicy } from '@contract/changes';
import { loweredEnvironments, MAX_REQUIRED_APPROVALS } from '@contract/changes';
import { environmentNames, environments, type Environment } from '@contract/vocabulary';
import { useId, useState, type FormEvent } from 'react';
import { useApprovalPolicy, useSaveApprovalPolicy } from '@/changes/api/approval-policy';
import { useChangeRequestForm } from '@/changes/request/use-change-request-form';
import { useIsAdmin } from '@/auth';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { notifyError, notifySuccess } from '@/components/notify';

/** An environment's name inside a sentence: lower case, but an acronym (UAT) stays as it is. */
function inSentence(environment: Environment): string {
  const name = environmentNames[environment];
  return name === name.toUpperCase() ? name : name.toLowerCase();
}

type Counts = ApprovalPolicy['requiredApprovals'];

/**
 * "Changes to production need N approvals", per environment: a tenant's policy (tenantId) or the
 * platform's (null: shared capabilities and deployments). Global administrators edit it; everyone else
 * reads it, since a tenant cannot waive its own reviews.
 */
export function ApprovalPolicyCard({ tenantId }: { tenantId: string | null }) {
  const policy = useApprovalPolicy(tenantId);
  return (
    <Card data-testid="approval-policy">
      <CardHeader>
        <CardTitle>
          <h2>Approvals</h2>
        </CardTitle>
        <CardDescription>
          {tenantId === null
            ? 'How many people other than the requester approve platform changes (shared capabilities and deployments) before they apply.'
            : 'How many people other than the requester approve this tenant’s changes before they apply. 0 applies changes at once.'}
        </CardDescription>
      </CardHeader>
      {policy.status === 'pending' && (
        <CardContent>
          <p aria-busy="true" className="text-sm text-muted-foreground">
            Loading approval policy...
          </p>
        </CardContent>
      )}
      {policy.status === 'error' && (
        <CardContent>
          <ErrorState
            error={policy.error}
            title="Could not load the approval policy"
            onRetry={() => void policy.refetch()}
          />
        </CardContent>
      )}
      {policy.status === 'success' && (
        // Keyed by the saved counts: a save or a reload restarts the form from what the server kept.
        <PolicyForm
          key={JSON.stringify(policy.data.requiredApprovals)}
          tenantId={tenantId}
          policy={policy.data}
        />
      )}
    </Card>
  );
}

/** Why a lowering is requested rather than saved (docs/changes.md "Approval policies"). */
const LOWERING_NOTE =
  'Lowering approvals needs another global administrator’s approval: this creates a change request.';

function PolicyForm({ tenantId, policy }: { tenantId: string | null; policy: ApprovalPolicy }) {
  const isAdmin = useIsAdmin();
  const save = useSaveApprovalPolicy(tenantId);
  const [counts, setCounts] = useState<Record<Environment, string>>(() => toText(policy.requiredApprovals));
  const parsed = parse(counts);
  const dirty = JSON.stringify(parsed) !== JSON.stringify(policy.requiredApprovals);
  // Raising applies at once; lowering any environment is a change request (the server refuses the PUT).
  const lowered = parsed ? loweredEnvironments(policy.requiredApprovals, parsed) : [];
  const request = useChangeRequestForm({
    tenantId,
    environment: lowered[0] ?? null,
    review: { requiredApprovals: lowered.length > 0 ? 1 : 0, note: LOWERING_NOTE },
  });
  const requesting = request.mode === 'request';
  const pending = save.isPending || request.pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed) return;
    const body = { requiredApprovals: parsed };
    if (requesting) {
      if (!request.valid) return;
      // Nothing changes until another administrator approves: the form shows the saved policy again.
      const change = { kind: 'approval_policy.set' as const, tenantId, body };
      request.submit(change, { onSuccess: () => setCounts(toText(policy.requiredApprovals)) });
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) =>
        notifySuccess(
          'Approval policy saved',
          `Production changes now need ${saved.requiredApprovals.production} ${saved.requiredApprovals.production === 1 ? 'approval' : 'approvals'}.`,
        ),
      onError: (error) => {
        // The policy moved since it was read, and this is a lowering now: the card reloads it.
        if (request.handleDirectError(error)) return;
        notifyError(error, 'Failed to save the approval policy.');
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label="Approval policy">
      <CardContent className="space-y-4">
        <ApprovalCountInputs counts={counts} onChange={setCounts} disabled={!isAdmin || pending} />
        {!parsed && (
          <p role="alert" className="text-sm text-destructive">
            Each count must be a whole number from 0 to {MAX_REQUIRED_APPROVALS}.
          </p>
        )}
        {isAdmin && requesting && request.fields}
        {!isAdmin && (
          <p className="text-sm text-muted-foreground" data-testid="approval-policy-read-only">
            Only global administrators change approval policies.
          </p>
        )}
      </CardContent>
      {isAdmin && (
        <CardFooter className="mt-6 justify-end">
          <Button type="submit" disabled={!parsed || !dirty || pending || (requesting && !request.valid)}>
            {pending ? 'Saving...' : requesting ? request.submitLabel : 'Save approvals'}
          </Button>
        </CardFooter>
      )}
    </form>
  );
}

/** One count per environment, typed as text so that a wrong entry stays on screen with its error. */
function ApprovalCountInputs({
  counts,
  onChange,
  disabled,
}: {
  counts: Record<Environment, string>;
  onChange: (update: (current: Record<Environment, string>) => Record<Environment, string>) => void;
  disabled: boolean;
}) {
  const baseId = useId();
  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-3">
      <legend className="sr-only">Approvals needed per environment</legend>
      {environments.map((environment) => {
        const id = `${baseId}-${environment}`;
        const invalid = parseCount(counts[environment]) === null;
        return (
          <div key={environment} className="space-y-2">
            <Label htmlFor={id}>Changes to {inSentence(environment)} need</Label>
            <div className="flex items-center gap-2">
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_REQUIRED_APPROVALS}
                step={1}
                className="w-20"
                value={counts[environment]}
                aria-invalid={invalid || undefined}
                aria-describedby={`${id}-unit`}
                onChange={(event) =>
                  onChange((current) => ({ ...current, [environment]: event.target.value }))
                }
              />
              <span id={`${id}-unit`} className="text-sm text-muted-foreground">
                {counts[environment] === '1' ? 'approval' : 'approvals'}
              </span>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

const toText = (counts: Counts): Record<Environment, string> => ({
  development: String(counts.development),
  uat: String(counts.uat),
  production: String(counts.production),
});

function parseCount(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n <= MAX_REQUIRED_APPROVALS ? n : null;
}

function parse(counts: Record<Environment, string>): Counts | null {
  const development = parseCount(counts.development);
  const uat = parseCount(counts.uat);
  const production = parseCount(counts.production);
  return development === null || uat === null || production === null
    ? null
    : { development, uat, production };
}
