import type { ApprovalPolicy } from '@contract/changes';
import { MAX_REQUIRED_APPROVALS } from '@contract/changes';
import { environmentNames, environments, type Environment } from '@contract/vocabulary';
import { useId } from 'react';
import { useApprovalPolicy } from '@/changes/api/approval-policy';
import { usePolicyForm } from '@/changes/components/use-policy-form';
import { parseCount, type CountTexts } from '@/changes/lib/approval-counts';
import { useIsAdmin } from '@/auth';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** An environment's name inside a sentence: lower case, but an acronym (UAT) stays as it is. */
function inSentence(environment: Environment): string {
  const name = environmentNames[environment];
  return name === name.toUpperCase() ? name : name.toLowerCase();
}

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

function PolicyForm({ tenantId, policy }: { tenantId: string | null; policy: ApprovalPolicy }) {
  const isAdmin = useIsAdmin();
  const { counts, setCounts, parsed, dirty, request, requesting, pending, submit } = usePolicyForm(
    tenantId,
    policy,
  );

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
  counts: CountTexts;
  onChange: (update: (current: CountTexts) => CountTexts) => void;
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
