import { createElement } from 'react';
import { ErrorWithDetails } from '@/components/error-details';
import { toast } from '@/components/ui/use-toast';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';

/** Every mutation ends in a toast: its success title and description... */
export function notifySuccess(title: string, description?: string): void {
  toast({ title, description });
}

/**
 * ...or a destructive 'Error' with the server's message, else the fallback (docs/product.md, Errors). The
 * message is in plain words; a "Details" disclosure holds the status, code and field-level detail.
 */
export function notifyError(error: unknown, fallback: string): void {
  const description = createElement(ErrorWithDetails, {
    message: getErrorMessage(error, fallback),
    details: getErrorDetails(error),
  });
  toast({ variant: 'destructive', title: 'Error', description });
}

/** A client-side refusal before anything is sent (docs/product.md, Validation). */
export function notifyProblem(title: string, description: string): void {
  toast({ variant: 'destructive', title, description });
}
