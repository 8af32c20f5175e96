import { slotServes, slotVersionOf, type EnvironmentBlueGreen, type Slot } from '@contract/blue-green';
import { slotNames } from '@contract/vocabulary';
import { useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useBlueGreenAction } from '@/blue-green/components/api';
import type { BlueGreenPlace } from '@/blue-green/components/blue-green-place';
import {
  SlotVersionRequestDialog,
  type SlotVersionRequest,
} from '@/blue-green/components/slot-version-request-dialog';
import { isApprovalRequired } from '@/changes';
import { notifyError, notifySuccess } from '@/components/notify';

type SlotVersionInputProps = BlueGreenPlace & {
  slot: Slot;
  /** The environment's blue-green state: which slot is live, and this slot's stored version. */
  state: EnvironmentBlueGreen | undefined;
  disabled: boolean;
};

type SlotVersionSaveOptions = Omit<SlotVersionInputProps, 'state' | 'disabled'> & { version: string };

/**
 * Saves the field's version on blur when non-empty and changed, or opens a change request where the
 * policy asks approvals (`gated`, or a refusal since the page read it). An unsaved version is put back.
 */
function useSlotVersionSave({
  target,
  environment,
  environmentLabel,
  slot,
  version,
}: SlotVersionSaveOptions) {
  const update = useBlueGreenAction(target, 'update-environment-slot-version');
  const input = useRef<HTMLInputElement>(null);
  const [requesting, setRequesting] = useState<SlotVersionRequest | null>(null);

  // The typed version was not saved: show the stored one again.
  const restore = () => {
    if (input.current) input.current.value = version;
  };

  const save = (gated: boolean) => {
    const next = input.current?.value.trim() ?? '';
    if (!next || next === version) return;
    if (gated) {
      restore();
      setRequesting({ version: next });
      return;
    }
    update.mutate(
      { environment, slot, version: next },
      {
        onSuccess: () =>
          notifySuccess('Version Updated', `${slotNames[slot]} slot of ${environmentLabel} set to ${next}.`),
        onError: (error) => {
          restore();
          // The policy changed since the page read it: request the same version instead.
          if (target.approval && isApprovalRequired(error)) setRequesting({ version: next, refused: error });
          else notifyError(error, 'Failed to update slot version.');
        },
      },
    );
  };

  return { input, save, requesting, closeRequest: () => setRequesting(null), pending: update.isPending };
}

/**
 * A slot's version, sent on blur only when non-empty and changed (docs/product.md, Validation). A version
 * that goes live where the approval policy asks for approvals opens a change request instead
 * (docs/changes.md).
 */
export function SlotVersionInput({ state, disabled, ...place }: SlotVersionInputProps) {
  const { target, environment, slot } = place;
  const id = `blue-green-${environment}-${slot}-version`;
  const hintId = `${id}-hint`;
  const version = state ? slotVersionOf(state, slot) : '';
  const gated = !!target.approval?.needsApproval(environment) && slotServes(state, slot);
  const { input, save, requesting, closeRequest, pending } = useSlotVersionSave({ ...place, version });

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{slotNames[slot]} Slot Version</Label>
      <Input
        // A new stored version (from any change) replaces what the field shows.
        key={version}
        ref={input}
        id={id}
        defaultValue={version}
        placeholder="e.g. 1.4.0"
        disabled={disabled || pending}
        aria-describedby={gated ? hintId : undefined}
        onBlur={() => save(gated)}
      />
      {gated && (
        <p id={hintId} className="text-xs text-muted-foreground">
          Live: a new version here is a change request.
        </p>
      )}
      <SlotVersionRequestDialog requested={requesting} onClose={closeRequest} {...place} />
    </div>
  );
}
