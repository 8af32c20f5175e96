import type { ChangeRequestForm } from '@/changes/request/change-request-form';

/**
 * DialogForm's submit for a change an approval policy may turn into a change request: the request's
 * label ("Request change", "Apply now (bypass)") or the dialog's own, red for a bypass, and held while
 * the policy loads or the request's fields are incomplete.
 */
export function requestSubmitProps(
  request: ChangeRequestForm,
  { pending, label }: { pending: boolean; label: string },
): { submitLabel: string; submitDisabled: boolean; destructive: boolean } {
  const requesting = request.mode === 'request';
  return {
    submitLabel: pending ? 'Saving...' : requesting ? request.submitLabel : label,
    submitDisabled: request.mode === 'loading' || (requesting && !request.valid),
    destructive: requesting && request.bypass,
  };
}
