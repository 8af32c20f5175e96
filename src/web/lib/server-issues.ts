import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, getErrorMessage } from '@/lib/api-client';

/** A 400's per-field issues, keyed by the body field ("body.subject" -> "subject"; "body.variables.0" -> "variables"). */
export function serverFieldIssues(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return [];
  return error.body.issues.flatMap((issue) => {
    const [scope, field] = issue.path.split('.');
    return scope === 'body' && field ? [{ field, message: issue.message }] : [];
  });
}

/**
 * Puts a failed submit's field issues on the form's fields; `toField` maps a body field to a form
 * field (undefined: not shown on a field). A 409 carries no issues, so it lands on `conflictField`
 * when one is given (a taken email, a duplicate access). Returns whether anything landed on a field.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  toField: (bodyField: string) => Path<T> | undefined,
  conflictField?: Path<T>,
): boolean {
  let applied = false;
  for (const { field, message } of serverFieldIssues(error)) {
    const name = toField(field);
    if (!name) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  if (!applied && conflictField && error instanceof ApiError && error.status === 409) {
    setError(
      conflictField,
      { type: 'server', message: getErrorMessage(error, error.message) },
      { shouldFocus: true },
    );
    applied = true;
  }
  return applied;
}
