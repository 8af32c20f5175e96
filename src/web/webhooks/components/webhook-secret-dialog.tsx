import type { WebhookWithSecret } from '@contract/webhooks';
import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { WebhookSecret } from '@/webhooks/components/webhook-secret';

type WebhookSecretDialogProps = {
  title: string;
  description: ReactNode;
  /** The subscription with its new secret; null: closed. */
  webhook: WebhookWithSecret | null;
  onClose: () => void;
};

/** A new signing secret in a dialog of its own (after a rotation); it is gone once closed. */
export function WebhookSecretDialog({ title, description, webhook, onClose }: WebhookSecretDialogProps) {
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-xl"
        // A stray click beside the dialog must not throw away a secret that cannot be shown again.
        onPointerDownOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {webhook && <WebhookSecret webhook={webhook} />}
      </DialogContent>
    </Dialog>
  );
}
