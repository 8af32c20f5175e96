import type { ApiTokenCreated } from '@contract/api-tokens';
import { Copy } from 'lucide-react';
import { AlertNotice } from '@/components/alert-notice';
import { notifyProblem, notifySuccess } from '@/components/notify';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export const SHOWN_ONCE_MESSAGE = 'Copy this token now: it will not be shown again.';

/** Copies to the clipboard, saying so either way (a denied permission or an insecure page refuses it). */
async function copyToken(token: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(token);
    notifySuccess('Copied', 'The token is on your clipboard.');
  } catch {
    notifyProblem('Could not copy', 'Select the token in the field and copy it yourself.');
  }
}

/** The new token's secret, the one time it exists in the browser: a read-only field and Copy. */
export function TokenSecret({ created }: { created: ApiTokenCreated }) {
  return (
    <div className="space-y-4">
      <AlertNotice testId="token-shown-once" tone="warning" title={SHOWN_ONCE_MESSAGE}>
        <p>
          Only a hash of it is stored. Send it as <code className="font-mono">Authorization: Bearer</code>; if
          you lose it, revoke it and create another.
        </p>
      </AlertNotice>
      <Field>
        <FieldLabel htmlFor="token-secret">Token {created.name}</FieldLabel>
        <div className="flex gap-2">
          <Input
            id="token-secret"
            readOnly
            value={created.token}
            className="font-mono text-xs"
            // Focus selects it all, ready for a manual copy.
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copyToken(created.token)}>
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
