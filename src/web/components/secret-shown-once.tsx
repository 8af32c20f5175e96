import type { ReactNode } from 'react';
import { Copy } from 'lucide-react';
import { AlertNotice } from '@/components/alert-notice';
import { notifyProblem, notifySuccess } from '@/components/notify';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Field, FieldLabel } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

interface SecretShownOnceProps {
  /** The secret, the one time it is in the browser. */
  value: string;
  /** What it is, in the toasts ("token", "signing secret"). */
  what: string;
  /** The field's id and label. */
  id: string;
  label: string;
  /** The warning's title and test id, and what the warning says below it. */
  title: string;
  testId: string;
  children: ReactNode;
}

/** Copies to the clipboard, saying so either way (a denied permission or an insecure page refuses it). */
async function copySecret(value: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    notifySuccess('Copied', `The ${what} is on your clipboard.`);
  } catch {
    notifyProblem('Could not copy', `Select the ${what} in the field and copy it yourself.`);
  }
}

/**
 * A secret the server shows once (an API token, a webhook's signing secret): a warning, a read-only field
 * that selects all on focus, Copy, and Done.
 */
export function SecretShownOnce({ value, what, id, label, title, testId, children }: SecretShownOnceProps) {
  return (
    <div className="space-y-4">
      <AlertNotice testId={testId} tone="warning" title={title}>
        <p>{children}</p>
      </AlertNotice>
      <Field>
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <div className="flex gap-2">
          <Input
            id={id}
            readOnly
            value={value}
            className="font-mono text-xs"
            // Focus selects it all, ready for a manual copy.
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copySecret(value, what)}>
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
