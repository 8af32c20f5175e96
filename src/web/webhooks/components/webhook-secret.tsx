import type { WebhookWithSecret } from '@contract/webhooks';
import { Copy } from 'lucide-react';
import { AlertNotice } from '@/components/alert-notice';
import { notifyProblem, notifySuccess } from '@/components/notify';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export const SECRET_SHOWN_ONCE = 'Copy this signing secret now: it will not be shown again.';

/** Copies to the clipboard, saying so either way (a denied permission or an insecure page refuses it). */
async function copySecret(secret: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(secret);
    notifySuccess('Copied', 'The signing secret is on your clipboard.');
  } catch {
    notifyProblem('Could not copy', 'Select the secret in the field and copy it yourself.');
  }
}

/** A subscription's signing secret, the one time it is in the browser: a read-only field and Copy. */
export function WebhookSecret({ webhook }: { webhook: WebhookWithSecret }) {
  return (
    <div className="space-y-4">
      <AlertNotice testId="webhook-secret-shown-once" tone="warning" title={SECRET_SHOWN_ONCE}>
        <p>
          Receivers verify each delivery&apos;s <code className="font-mono">webhook-signature</code> with it
          (Standard Webhooks). If you lose it, rotate the secret.
        </p>
      </AlertNotice>
      <Field>
        <FieldLabel htmlFor="webhook-secret">Signing secret</FieldLabel>
        <div className="flex gap-2">
          <Input
            id="webhook-secret"
            readOnly
            value={webhook.secret}
            className="font-mono text-xs"
            // Focus selects it all, ready for a manual copy.
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copySecret(webhook.secret)}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      </Field>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button">Done</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
