import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import type { Promotion } from '@/versioned/use-promotion';

type PromotionActionsProps = {
  promotion: Promotion;
  /** The form holds nothing to promote yet (no target region chosen). */
  blocked?: boolean;
  /** The production confirmation: "Promote version 2 of the route /orders to Production?". */
  confirmTitle: string;
  confirmDescription: string;
};

/** A promotion form's request fields, Cancel and Promote, and the production confirmation. */
export function PromotionActions({
  promotion,
  blocked = false,
  confirmTitle,
  confirmDescription,
}: PromotionActionsProps) {
  const { request, requesting, pending, confirming } = promotion;
  return (
    <>
      {requesting && request.fields}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          variant={requesting && request.bypass ? 'destructive' : 'default'}
          disabled={blocked || pending || request.mode === 'loading' || (requesting && !request.valid)}
          onClick={promotion.start}
        >
          {pending && !confirming
            ? requesting
              ? 'Sending...'
              : 'Promoting...'
            : requesting
              ? request.submitLabel
              : 'Promote'}
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={confirming}
        title={confirmTitle}
        description={confirmDescription}
        pending={pending}
        onConfirm={promotion.send}
        onClose={promotion.cancel}
        confirmLabel="Promote to Production"
        pendingLabel="Promoting..."
      />
    </>
  );
}
