import type { Plan } from '@contract/config-doc';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApprovalPolicy } from '@/changes';
import { AlertNotice } from '@/components/alert-notice';
import { DialogCancelButton } from '@/components/dialog-cancel-button';
import { notifyError } from '@/components/notify';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';
import { PlanDocumentFields } from '@/config-as-code/components/plan-document-fields';
import { PlanView } from '@/config-as-code/components/plan-view';
import { planIsEmpty } from '@/config-as-code/lib/plan-groups';
import { usePlanFlow } from '@/config-as-code/lib/use-plan-flow';

export type PlanDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tenant whose policy governs the apply; null: the platform's. */
  tenantId: string | null;
  name: string;
};

/**
 * Plan from a file (docs/config-as-code.md): pick or paste a document, plan it against the live state,
 * review the grouped diff, then file it as one release, or apply it at once where no approval is needed.
 */
export function PlanDialog({ open, onOpenChange, tenantId, name }: PlanDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Plan from a file</DialogTitle>
          <DialogDescription>
            What it would take to make {name} match a document. Planning changes nothing.
          </DialogDescription>
        </DialogHeader>
        {open && <PlanFlow tenantId={tenantId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PlanFlow({ tenantId, onDone }: { tenantId: string | null; onDone: () => void }) {
  const flow = usePlanFlow(onDone);
  // A refused document focuses the box its issues describe (or the Plan button again).
  const formRef = useFocusAfterSubmit(flow.planning.isPending);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.makePlan();
  };
  if (flow.plan) {
    return (
      <PlanReview
        plan={flow.plan}
        tenantId={tenantId}
        refusal={flow.refusal}
        pending={flow.applying.isPending}
        onApply={flow.apply}
        onBack={flow.back}
      />
    );
  }
  return (
    <form ref={formRef} onSubmit={submit} aria-label="Plan from a file" noValidate>
      <fieldset disabled={flow.planning.isPending} className="space-y-6">
        <PlanDocumentFields
          draft={flow.draft}
          onChange={flow.setDraft}
          issues={flow.issues}
          onReadError={(error) => notifyError(error, 'Could not read the file.')}
        />
        <DialogFooter>
          <DialogCancelButton />
          <Button type="submit" disabled={flow.draft.document.trim() === ''}>
            {flow.planning.isPending ? 'Planning...' : 'Plan'}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}

/** Whether the policy lets every environment's changes apply without approval. */
function useNoApprovalNeeded(tenantId: string | null): boolean {
  const policy = useApprovalPolicy(tenantId);
  const required = policy.data?.requiredApprovals;
  return required !== undefined && Object.values(required).every((count) => count === 0);
}

type PlanReviewProps = {
  plan: Plan;
  tenantId: string | null;
  refusal: string | null;
  pending: boolean;
  onApply: (title: string) => void;
  onBack: () => void;
};

function PlanReview({ plan, tenantId, refusal, pending, onApply, onBack }: PlanReviewProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [title, setTitle] = useState('');
  const direct = useNoApprovalNeeded(tenantId);
  const empty = planIsEmpty(plan);
  // The review replaces the form: focus its heading, so a screen reader starts from the plan.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-6">
      <h3 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        Plan
      </h3>
      {refusal && (
        <AlertNotice testId="plan-stale" tone="destructive" title="The plan is out of date">
          <p>{refusal}</p>
          <p className="text-muted-foreground">Go back and plan again to see the current differences.</p>
        </AlertNotice>
      )}
      <PlanView plan={plan} />
      {!empty && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-title`}>Release title (optional)</Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pending} onClick={onBack}>
          Back to the file
        </Button>
        {!empty && (
          <Button type="button" disabled={pending} onClick={() => onApply(title)}>
            {pending ? (direct ? 'Applying...' : 'Filing...') : direct ? 'Apply now' : 'File as release'}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
