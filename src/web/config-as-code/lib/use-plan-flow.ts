import type { Plan } from '@contract/config-doc';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '@/components/notify';
import { ApiError } from '@/lib/api-client';
import { useApplyPlan, usePlanDocument } from '@/config-as-code/api/plan';
import type { DocumentDraft } from '@/config-as-code/components/plan-document-fields';
import { notifyApplied } from '@/config-as-code/components/notify-filed';
import { issueLines } from '@/config-as-code/lib/plan-groups';

/** A 400's field issues (or its message when it names none), else nothing: other errors toast. */
function refusalLines(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const issues = Array.isArray(error.body?.issues) ? error.body.issues : [];
  return issues.length > 0 ? issueLines(issues) : [error.body?.message ?? error.message];
}

/**
 * The plan dialog's state: the document being edited, the plan the server made of it (shown instead of
 * the fields), the 400's issues beside the box, and a refusal of the apply (a plan gone stale).
 */
export function usePlanFlow(onDone: () => void) {
  const navigate = useNavigate();
  const planning = usePlanDocument();
  const applying = useApplyPlan();
  const [draft, setDraftState] = useState<DocumentDraft>({ document: '', prune: false });
  const [plan, setPlan] = useState<Plan | null>(null);
  const [issues, setIssues] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);

  const setDraft = (next: DocumentDraft) => {
    setDraftState(next);
    setIssues([]);
  };
  const makePlan = () => {
    setRefusal(null);
    planning.mutate(draft, {
      onSuccess: (made) => setPlan(made),
      onError: (error) => {
        const lines = refusalLines(error);
        setIssues(lines);
        if (lines.length === 0) notifyError(error, 'Failed to plan the document.');
      },
    });
  };
  const apply = (title: string) => {
    if (!plan) return;
    applying.mutate(
      { ...draft, expected: plan, title: title.trim() || undefined },
      {
        onSuccess: (reply) => {
          notifyApplied(reply, (path) => void navigate(path));
          onDone();
        },
        onError: (error) => {
          // A plan gone stale (409) says which resource moved: kept in the dialog beside the plan.
          if (error instanceof ApiError && error.status === 409)
            setRefusal(error.body?.message ?? error.message);
          notifyError(error, 'Failed to apply the plan.');
        },
      },
    );
  };
  const back = () => {
    setPlan(null);
    setRefusal(null);
  };
  return { draft, setDraft, plan, issues, refusal, makePlan, apply, back, planning, applying };
}
