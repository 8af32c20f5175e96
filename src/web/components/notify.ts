import { createElement } from 'react';
import { ErrorWithDetails } from '@/components/error-details';
import { toast } from '@/components/ui/use-toast';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getErrorDetails, getErrorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';

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

/**
 * A form's failed submit: the server's field issues beside their fields (a 409 without any beside
 * `conflictField`, when given), and the error in a toast.
 */
export function notifyFormFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  toField: (bodyField: string) => Path<T> | undefined,
  fallback: string,
  conflictField?: Path<T>,
): void {
  applyServerIssues(error, setError, toField, conflictField);
  notifyError(error, fallback);
}

/** A client-side refusal before anything is sent (docs/product.md, Validation). */
export function notifyProblem(title: string, description: string): void {
  toast({ variant: 'destructive', title, description });
}
