import type { ApprovalPolicy } from '@contract/changes';
import { loweredEnvironments } from '@contract/changes';
import { useState, type FormEvent } from 'react';
import { useSaveApprovalPolicy } from '@/changes/api/approval-policy';
import { parse, toText, type CountTexts } from '@/changes/lib/approval-counts';
import { useChangeRequestForm } from '@/changes/request/use-change-request-form';
import { notifyError, notifySuccess } from '@/components/notify';

/** Why a lowering is requested rather than saved (docs/changes.md "Approval policies"). */
const LOWERING_NOTE =
  'Lowering approvals needs another global administrator’s approval: this creates a change request.';

/**
 * The policy form's counts and submit: raising applies at once; lowering any environment is a change
 * request (the server refuses the PUT).
 */
export function usePolicyForm(tenantId: string | null, policy: ApprovalPolicy) {
  const save = useSaveApprovalPolicy(tenantId);
  const [counts, setCounts] = useState<CountTexts>(() => toText(policy.requiredApprovals));
  const parsed = parse(counts);
  const dirty = JSON.stringify(parsed) !== JSON.stringify(policy.requiredApprovals);
  const lowered = parsed ? loweredEnvironments(policy.requiredApprovals, parsed) : [];
  const request = useChangeRequestForm({
    tenantId,
    environment: lowered[0] ?? null,
    review: { requiredApprovals: lowered.length > 0 ? 1 : 0, note: LOWERING_NOTE },
  });
  const requesting = request.mode === 'request';

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

  const pending = save.isPending || request.pending;
  return { counts, setCounts, parsed, dirty, request, requesting, pending, submit };
}
