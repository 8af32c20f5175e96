import type { Environment, Slot } from '@contract/blue-green';
import type { BlueGreenTarget } from '@/blue-green/components/api';
import type { DialogOpenProps } from '@/components/dialog-open';

/** Where a blue-green control acts: the config's owner, the environment, and its name on screen. */
export type BlueGreenPlace = {
  target: BlueGreenTarget;
  environment: Environment;
  environmentLabel: string;
};

/** The Switch Slot and Rollback dialogs: where they act, and the live slot they move away from. */
export type SlotDialogProps = BlueGreenPlace & DialogOpenProps & { fromSlot: Slot };
