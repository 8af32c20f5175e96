import type { Slot } from '@contract/blue-green';
import { RotateCcw, Shuffle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { BlueGreenPlace } from '@/blue-green/components/blue-green-place';
import { RollbackDialog } from '@/blue-green/components/rollback-dialog';
import { SwitchSlotDialog } from '@/blue-green/components/switch-slot-dialog';

type SlotActionsProps = BlueGreenPlace & {
  activeSlot: Slot | null;
  /** Blue-green is off for the environment (the server refuses slot changes then). */
  locked: boolean;
  hasHistory: boolean;
};

/** Switch Slot and Rollback (for those who manage the owner), and their dialogs. */
export function SlotActions({ activeSlot, locked, hasHistory, ...where }: SlotActionsProps) {
  const [dialog, setDialog] = useState<'switch' | 'rollback' | null>(null);
  const openChange = (name: 'switch' | 'rollback') => (open: boolean) => setDialog(open ? name : null);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={locked || !activeSlot}
          onClick={() => setDialog('switch')}
        >
          <Shuffle aria-hidden="true" />
          Switch Slot
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={locked || !hasHistory}
          onClick={() => setDialog('rollback')}
        >
          <RotateCcw aria-hidden="true" />
          Rollback
        </Button>
      </div>
      {activeSlot && (
        <>
          <SwitchSlotDialog
            {...where}
            open={dialog === 'switch'}
            onOpenChange={openChange('switch')}
            fromSlot={activeSlot}
          />
          <RollbackDialog
            {...where}
            open={dialog === 'rollback'}
            onOpenChange={openChange('rollback')}
            fromSlot={activeSlot}
          />
        </>
      )}
    </>
  );
}
