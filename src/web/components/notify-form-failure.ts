import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { notifyError } from '@/components/notify';
import { applyServerIssues } from '@/lib/server-issues';

// Apart from notify.ts: every screen loads that one for its toasts, only forms need the field issues.
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
