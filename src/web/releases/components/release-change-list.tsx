import { changeKindLabels } from '@contract/change-labels';
import type { ReleaseDraft } from '@contract/releases';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';

type DraftChange = ReleaseDraft['changes'][number];

const addedAt = (instant: string) =>
  new Date(instant).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type ReleaseChangeListProps = {
  changes: DraftChange[];
  onMove: (id: string, by: -1 | 1) => void;
  onRemove: (id: string) => void;
  /** The server's refusal of a change at filing, by its index in the list. */
  refusals: Map<number, string>;
  disabled: boolean;
};

/** Which button gets the focus after a move or a removal (the moved element itself may lose it). */
type FocusTarget = { id: string; control: 'up' | 'down' | 'remove' } | null;

/**
 * The release's changes in the order they apply, each with Move up, Move down and Remove (named after
 * the change, so a screen reader says which). Focus follows the moved change, and after a removal goes
 * to the change that took its place.
 */
export function ReleaseChangeList({ changes, onMove, onRemove, refusals, disabled }: ReleaseChangeListProps) {
  const prefix = useId();
  // A ref, not state: the move re-renders the list, and the effect after that render moves the focus.
  const focus = useRef<FocusTarget>(null);
  const setFocus = (target: FocusTarget) => (focus.current = target);
  const controlId = (id: string, control: 'up' | 'down' | 'remove') => `${prefix}-${id}-${control}`;

  useEffect(() => {
    const wantedFocus = focus.current;
    if (!wantedFocus) return;
    focus.current = null;
    const wanted = document.getElementById(controlId(wantedFocus.id, wantedFocus.control));
    // At either end the button it used is disabled: the other direction's takes the focus.
    const other = document.getElementById(
      controlId(wantedFocus.id, wantedFocus.control === 'up' ? 'down' : 'up'),
    );
    const target = wanted instanceof HTMLButtonElement && !wanted.disabled ? wanted : other;
    target?.focus();
  });

  const remove = (id: string, index: number) => {
    const next = changes[index + 1] ?? changes[index - 1];
    onRemove(id);
    if (next) setFocus({ id: next.id, control: 'remove' });
  };

  return (
    <ol className="divide-y rounded-lg border" aria-label="Changes in the order they apply">
      {changes.map((change, index) => {
        const name = `change ${index + 1} (${change.title})`;
        const refusal = refusals.get(index);
        return (
          <li
            key={change.id}
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
              <Button
                id={controlId(change.id, 'up')}
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${name} up`}
                disabled={disabled || index === 0}
                onClick={() => {
                  onMove(change.id, -1);
                  setFocus({ id: change.id, control: 'up' });
                }}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                id={controlId(change.id, 'down')}
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${name} down`}
                disabled={disabled || index === changes.length - 1}
                onClick={() => {
                  onMove(change.id, 1);
                  setFocus({ id: change.id, control: 'down' });
                }}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                id={controlId(change.id, 'remove')}
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${name}`}
                disabled={disabled}
                onClick={() => remove(change.id, index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
