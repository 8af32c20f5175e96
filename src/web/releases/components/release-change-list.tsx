import { changeKindLabels } from '@contract/change-labels';
import type { ReleaseDraft } from '@contract/releases';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatLocaleDateTime } from '@/lib/format';

type DraftChange = ReleaseDraft['changes'][number];
type Control = 'up' | 'down' | 'remove';
/** Which button gets the focus after a move or a removal (the moved element itself may lose it). */
type FocusTarget = { id: string; control: Control } | null;

const addedAt = (instant: string) =>
  formatLocaleDateTime(new Date(instant), { dateStyle: 'medium', timeStyle: 'short' });

type ReleaseChangeListProps = {
  changes: DraftChange[];
  onMove: (id: string, by: -1 | 1) => void;
  onRemove: (id: string) => void;
  /** The server's refusal of a change at filing, by its index in the list. */
  refusals: Map<number, string>;
  disabled: boolean;
};

/**
 * Moves the focus, after the render a move or removal causes, to the button asked for; at either end
 * the button a move used is disabled, so the other direction's takes it. A ref, not state: the edit
 * re-renders the list anyway.
 */
function useFocusAfterEdit(controlId: (id: string, control: Control) => string) {
  const focus = useRef<FocusTarget>(null);
  useEffect(() => {
    const wanted = focus.current;
    if (!wanted) return;
    focus.current = null;
    const button = document.getElementById(controlId(wanted.id, wanted.control));
    const other = document.getElementById(controlId(wanted.id, wanted.control === 'up' ? 'down' : 'up'));
    (button instanceof HTMLButtonElement && !button.disabled ? button : other)?.focus();
  });
  return (target: FocusTarget) => {
    focus.current = target;
  };
}

/**
 * The release's changes in the order they apply, each with Move up, Move down and Remove (named after
 * the change, so a screen reader says which). Focus follows the moved change, and after a removal goes
 * to the change that took its place.
 */
export function ReleaseChangeList({ changes, onMove, onRemove, refusals, disabled }: ReleaseChangeListProps) {
  const prefix = useId();
  const controlId = (id: string, control: Control) => `${prefix}-${id}-${control}`;
  const focusAfter = useFocusAfterEdit(controlId);
  return (
    <ol className="divide-y rounded-lg border" aria-label="Changes in the order they apply">
      {changes.map((change, index) => (
        <ReleaseChangeRow
          key={change.id}
          change={change}
          index={index}
          last={index === changes.length - 1}
          refusal={refusals.get(index)}
          disabled={disabled}
          controlId={(control) => controlId(change.id, control)}
          onMove={(by) => {
            onMove(change.id, by);
            focusAfter({ id: change.id, control: by < 0 ? 'up' : 'down' });
          }}
          onRemove={() => {
            const next = changes[index + 1] ?? changes[index - 1];
            onRemove(change.id);
            if (next) focusAfter({ id: next.id, control: 'remove' });
          }}
        />
      ))}
    </ol>
  );
}

type RowProps = {
  change: DraftChange;
  index: number;
  last: boolean;
  refusal: string | undefined;
  disabled: boolean;
  controlId: (control: Control) => string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

function ReleaseChangeRow({ change, index, last, refusal, disabled, controlId, onMove, onRemove }: RowProps) {
  const name = `change ${index + 1} (${change.title})`;
  const control = (id: Control, label: string, icon: ReactNode, off: boolean, onClick: () => void) => (
    <Button
      id={controlId(id)}
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      disabled={disabled || off}
      onClick={onClick}
    >
      {icon}
    </Button>
  );
  return (
    <li
      className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center"
      data-testid="release-change"
      aria-invalid={refusal ? true : undefined}
    >
      <span
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-medium tabular-nums"
        aria-hidden="true"
      >
        {index + 1}
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium break-words">
          <span className="sr-only">Change {index + 1}: </span>
          {change.title}
        </p>
        <p className="text-xs text-muted-foreground">
          {changeKindLabels[change.change.kind]} · added{' '}
          <time dateTime={change.addedAt}>{addedAt(change.addedAt)}</time>
        </p>
        {refusal && (
          <p className="text-sm text-destructive" data-testid="release-change-refusal">
            {refusal}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-1">
        {control('up', `Move ${name} up`, <ArrowUp aria-hidden="true" />, index === 0, () => onMove(-1))}
        {control('down', `Move ${name} down`, <ArrowDown aria-hidden="true" />, last, () => onMove(1))}
        {control('remove', `Remove ${name}`, <Trash2 aria-hidden="true" />, false, onRemove)}
      </div>
    </li>
  );
}
