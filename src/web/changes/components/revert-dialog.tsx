import type { ChangeRequestDetail } from '@contract/changes';
import type { RevertBody } from '@contract/releases';
import { useId, useState, type FormEvent } from 'react';
import { movedTargets, useRevertRequest, type MovedTarget } from '@/changes/api/set-actions';
import { changeName } from '@/changes/lib/change-set';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { DialogCancelButton } from '@/components/dialog-cancel-button';
import type { DialogOpenProps } from '@/components/dialog-open';

type Decision = NonNullable<RevertBody['decisions']>[string];

const DECISIONS: { value: Decision; label: string }[] = [
  { value: 'skip', label: 'Skip it: leave it as it is now' },
  { value: 'overwrite', label: 'Overwrite it: back to what it was before this request' },
];

type RevertDialogProps = DialogOpenProps & {
  request: ChangeRequestDetail;
};

/**
 * "Revert": files the inverse of the applied set as a new request. When someone else changed a target
 * since, the server names each one (409) and the dialog asks, per change, to skip or overwrite it.
 */
export function RevertDialog({ request, open, onOpenChange }: RevertDialogProps) {
  const count = request.changes.length;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Revert #${request.number}?`}
      description={`This files the inverse of its ${count === 1 ? 'change' : `${count} changes`} as a new change request: each target goes back to what it was before #${request.number} applied. It goes through the same approvals; nothing changes until then.`}
    >
      <RevertForm request={request} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function RevertForm({ request, onDone }: { request: ChangeRequestDetail; onDone: () => void }) {
  const revert = useRevertRequest(request.id);
  const [moved, setMoved] = useState<MovedTarget[]>([]);
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const complete = moved.every((target) => decisions[target.position] !== undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    const body: RevertBody = moved.length > 0 ? { decisions } : {};
    revert.mutate(body, {
      onSuccess: onDone,
      onError: (error) => {
        const next = movedTargets(error);
        if (next.length > 0) setMoved(next);
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label={`Revert #${request.number}`} className="grid gap-4">
      {moved.length > 0 && (
        <div className="space-y-3" data-testid="revert-decisions">
          <p className="text-sm">Someone else changed these since the set applied. Decide for each:</p>
          {moved.map((target) => (
            <DecisionField
              key={target.position}
              target={target}
              item={request.changes.find((item) => item.position === target.position)}
              value={decisions[target.position]}
              disabled={revert.isPending}
              onChange={(decision) => setDecisions((all) => ({ ...all, [target.position]: decision }))}
            />
          ))}
        </div>
      )}
      <DialogFooter>
        <DialogCancelButton disabled={revert.isPending} />
        <Button type="submit" disabled={revert.isPending || !complete}>
          {revert.isPending ? 'Filing...' : moved.length > 0 ? 'Revert with these decisions' : 'File revert'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function DecisionField({
  target,
  item,
  value,
  disabled,
  onChange,
}: {
  target: MovedTarget;
  item: ChangeRequestDetail['changes'][number] | undefined;
  value: Decision | undefined;
  disabled: boolean;
  onChange: (decision: Decision) => void;
}) {
  const id = useId();
  const name = item ? changeName(item) : `Change ${target.position + 1}`;
  return (
    <fieldset className="space-y-2 rounded-md border p-3" data-testid="revert-decision">
      <legend className="px-1 text-sm font-medium">{name}</legend>
      <p className="text-sm text-muted-foreground">{target.message}</p>
      {DECISIONS.map((decision) => (
        <label
          key={decision.value}
          htmlFor={`${id}-${decision.value}`}
          className="flex items-center gap-2 text-sm"
        >
          <input
            id={`${id}-${decision.value}`}
            type="radio"
            name={`${id}-decision`}
            value={decision.value}
            checked={value === decision.value}
            disabled={disabled}
            required
            onChange={() => onChange(decision.value)}
            className="size-4 accent-primary"
          />
          {decision.label}
        </label>
      ))}
    </fieldset>
  );
}
