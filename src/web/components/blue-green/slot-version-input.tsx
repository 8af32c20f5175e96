import type { Environment, Slot } from '@contract/blue-green';
import { useRef } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useBlueGreenAction, type BlueGreenTarget } from '@/components/blue-green/api';
import { notifyError, notifySuccess } from '@/lib/notify';

type SlotVersionInputProps = {
  target: BlueGreenTarget;
  environment: Environment;
  environmentLabel: string;
  slot: Slot;
  /** The stored version ('' for none). */
  version: string;
  disabled: boolean;
};

const slotName = (slot: Slot) => (slot === 'blue' ? 'Blue' : 'Green');

/** A slot's version, sent on blur only when non-empty and changed (SPEC.md section 5). */
export function SlotVersionInput({
  target,
  environment,
  environmentLabel,
  slot,
  version,
  disabled,
}: SlotVersionInputProps) {
  const update = useBlueGreenAction(target, 'update-environment-slot-version');
  const input = useRef<HTMLInputElement>(null);
  const id = `blue-green-${environment}-${slot}-version`;

  const onBlur = () => {
    const next = input.current?.value.trim() ?? '';
    if (!next || next === version) return;
    update.mutate(
      { environment, slot, version: next },
      {
        onSuccess: () =>
          notifySuccess('Version Updated', `${slotName(slot)} slot of ${environmentLabel} set to ${next}.`),
        onError: (error) => {
          // Show the stored version again: the typed one was not saved.
          if (input.current) input.current.value = version;
          notifyError(error, 'Failed to update slot version.');
        },
      },
    );
  };

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{slotName(slot)} Slot Version</Label>
      <Input
        // A new stored version (from any change) replaces what the field shows.
        key={version}
        ref={input}
        id={id}
        defaultValue={version}
        placeholder="e.g. 1.4.0"
        disabled={disabled || update.isPending}
        onBlur={onBlur}
      />
    </div>
  );
}
