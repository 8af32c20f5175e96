import type { Slot } from '@contract/blue-green';
import { useEffect, useRef } from 'react';
import type { ChangeRequestForm } from '@/changes';
import { RequestChangeDialog, WithChangeRequestForm } from '@/changes';
import type { BlueGreenPlace } from '@/blue-green/components/blue-green-place';

/** The version to request, and the direct write's 409 when the policy changed since the page read it. */
export type SlotVersionRequest = { version: string; refused?: unknown };

type SlotVersionRequestDialogProps = {
  /** null: closed. */
  requested: SlotVersionRequest | null;
  onClose: () => void;
  slot: Slot;
} & BlueGreenPlace;

/**
 * A new version for the live slot (or the first one, which goes live) where the policy asks for
 * approvals: the same change, as a request. Preparing the idle slot never comes here.
 */
export function SlotVersionRequestDialog({
  requested,
  onClose,
  target,
  environment,
  environmentLabel,
  slot,
}: SlotVersionRequestDialogProps) {
  const approval = target.approval;
  // Mounted only while open: every opening starts with empty request fields.
  if (requested === null || !approval) return null;
  const { version } = requested;
  const slotLabel = slot.toUpperCase();
  return (
    <WithChangeRequestForm approval={approval} environment={environment}>
      {(request) => (
        <>
          <RefreshPolicyAfter refused={requested.refused} request={request} />
          <RequestChangeDialog
            open
            onOpenChange={(open) => !open && onClose()}
            title={`Request: ${slotLabel} slot of ${environmentLabel} to ${version}`}
            description={`The ${slotLabel} slot serves ${environmentLabel}: once applied, ${environmentLabel} runs ${version}. To prepare a version without moving traffic, set the idle slot and switch.`}
            form={request}
            change={approval.slotVersionChange({ environment, slot, version })}
            bypassConfirmation={
              environment === 'production'
                ? {
                    title: `Set the live ${slotLabel} slot of ${environmentLabel} to ${version}?`,
                    description: `${environmentLabel} runs ${version} at once, without approval.`,
                    confirmLabel: 'Apply now',
                  }
                : undefined
            }
            appliedRefreshes={target.queryKey}
          />
        </>
      )}
    </WithChangeRequestForm>
  );
}

/** After a refused direct write, the form reads the policy again and says why it now requests. */
function RefreshPolicyAfter({ refused, request }: { refused: unknown; request: ChangeRequestForm }) {
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || refused === undefined) return;
    handled.current = true;
    request.handleDirectError(refused);
  }, [refused, request]);
  return null;
}
