import type { Change } from '@contract/changes';
import type { SOLO_CHANGE_KINDS } from '@contract/releases';
import { ListPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAddToRelease } from '@/releases';

/** Kinds that are filed on their own (the contract's SOLO_CHANGE_KINDS, as a type: its module carries zod). */
const SOLO: ReadonlySet<string> = new Set<(typeof SOLO_CHANGE_KINDS)[number]>(['approval_policy.set']);

/** Whether a change may join a release (a lowered approval policy never does). */
export const releasable = (change: Change): boolean => !SOLO.has(change.kind);

/**
 * "Add to release": the dialog's change joins the user's draft release instead of being filed alone
 * (the hook toasts the outcome); the dialog closes once it is in.
 */
export function AddToReleaseButton({
  change,
  disabled,
  onAdded,
}: {
  change: Change;
  disabled: boolean;
  onAdded: () => void;
}) {
  const add = useAddToRelease();
  return (
    <div className="flex flex-col gap-2 rounded-md border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground">
        Part of a larger change? Review and apply it with others as one release.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled || add.isPending}
        onClick={() => add.mutate(change, { onSuccess: onAdded })}
      >
        <ListPlus aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add to release'}
      </Button>
    </div>
  );
}
