import type { Capability } from '@contract/capabilities';
import { lazyDialog } from '@/components/lazy-dialog';

// Forms and confirmations load on their own (the list paints without them).
const CapabilityFormDialog = lazyDialog(() =>
  import('@/capabilities/components/capability-form-dialog').then((m) => m.CapabilityFormDialog),
);
const CapabilityDeleteDialog = lazyDialog(() =>
  import('@/capabilities/components/capability-delete-dialog').then((m) => m.CapabilityDeleteDialog),
);

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
