import { otherSlot } from '@contract/blue-green';
import { useQueryClient } from '@tanstack/react-query';
import { useBlueGreenAction } from '@/blue-green/components/api';
import type { SlotDialogProps } from '@/blue-green/components/blue-green-place';
import type { ChangeRequestForm } from '@/changes';
import { notifyError, notifySuccess } from '@/components/notify';

/** The switch dialog's form: its place and slot, the request form its policy gives, and what closes it. */
export type SwitchSlotFormProps = Omit<SlotDialogProps, 'open' | 'onOpenChange'> & {
  request: ChangeRequestForm;
  onDone: () => void;
};

/**
 * The switch to `toVersion`, directly or as a change request; `settled` runs once it is answered (the
 * confirmation closes), and the dialog closes after a success.
 */
export function useSwitchSlot({
  target,
  environment,
  environmentLabel,
  fromSlot,
  request,
  onDone,
}: SwitchSlotFormProps) {
  const switchSlot = useBlueGreenAction(target, 'switch');
  const queryClient = useQueryClient();
  const toSlot = otherSlot(fromSlot).toUpperCase();

  const requestSwitch = (toVersion: string, settled: () => void) => {
    if (!target.approval) return;
    request.submit(target.approval.switchChange({ environment, toVersion }), {
      onSuccess: (created) => {
        if (created.status === 'applied') void queryClient.invalidateQueries({ queryKey: target.queryKey });
        settled();
        onDone();
      },
      onError: settled,
    });
  };

  const switchDirectly = (toVersion: string, settled: () => void) =>
    switchSlot.mutate(
      { environment, toVersion },
      {
        onSuccess: () => {
          notifySuccess('Slot Switched', `${environmentLabel} now serves the ${toSlot} slot (${toVersion}).`);
          settled();
          onDone();
        },
        onError: (error) => {
          settled();
          if (!request.handleDirectError(error)) notifyError(error, 'Failed to switch slot.');
        },
      },
    );

  return {
    pending: switchSlot.isPending || request.pending,
    run: request.mode === 'request' ? requestSwitch : switchDirectly,
  };
}
