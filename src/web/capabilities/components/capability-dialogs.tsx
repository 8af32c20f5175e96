import type { Capability } from '@contract/capabilities';
import { CapabilityDeleteDialog } from '@/capabilities/components/capability-delete-dialog';
import { CapabilityFormDialog } from '@/capabilities/components/capability-form-dialog';

/**
 * Which dialog is open; the capability stays while a dialog closes, so its title does not flip
 * mid-animation.
 */
export type DialogState = { kind: 'form' | 'delete' | null; capability?: Capability };

/** The register/edit dialog and the delete confirmation of the catalogue. */
export function CapabilityDialogs({ state, onClose }: { state: DialogState; onClose: () => void }) {
  return (
    <>
      <CapabilityFormDialog
        open={state.kind === 'form'}
        capability={state.capability}
        onOpenChange={(open) => !open && onClose()}
      />
      <CapabilityDeleteDialog
        open={state.kind === 'delete'}
        capability={state.capability ?? null}
        onClose={onClose}
      />
    </>
  );
}
