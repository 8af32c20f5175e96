import type { FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import type { Promotion } from '@/versioned/use-promotion';
import { DialogCancelButton } from '@/components/dialog-cancel-button';

type PromotionActionsProps = {
  promotion: Promotion;
  /** The form holds nothing to promote yet (no target region chosen). */
  blocked?: boolean;
  /** The production confirmation: "Promote version 2 of the route /orders to Production?". */
  confirmTitle: string;
  confirmDescription: string;
};

/**
 * A promotion form's request fields, Cancel and Promote, and the production confirmation. They are a
 * form, so the request fields' "Add to release" can submit it: the promotion's change then joins the
 * draft release instead of being filed (useChangeRequestForm).
 */
export function PromotionActions({
  promotion,
  blocked = false,
  confirmTitle,
  confirmDescription,
}: PromotionActionsProps) {
  const { request, requesting, pending, confirming } = promotion;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!blocked && !pending) promotion.start();
  };
  return (
    <>
      <form onSubmit={submit} className="contents">
        {requesting && request.fields}
        <DialogFooter>
          <DialogCancelButton disabled={pending} />
          <Button
            type="submit"
            variant={requesting && request.bypass ? 'destructive' : 'default'}
            disabled={blocked || pending || request.mode === 'loading' || (requesting && !request.valid)}
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
      </form>
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
