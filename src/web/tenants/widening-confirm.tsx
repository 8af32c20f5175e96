import type { TenantPatch } from '@contract/tenants';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ApiError } from '@/lib/api-client';

/**
 * The server's message when a tenant change was refused because it would let an environment accept
 * regions it refuses today (409 with an issue on body.confirmWidening, docs/governance.md); else null.
 */
export function wideningMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const asks = error.body?.issues?.some((issue) => issue.path === 'body.confirmWidening');
  return asks && typeof error.body?.message === 'string' ? error.body.message : null;
}

/**
 * A tenant save that may need the administrator to confirm a widening: `offer` opens the question
 * when the error is that 409 (answers whether it did); confirming resends the same patch with
 * confirmWidening. Each caller keeps its own success and error toasts.
 */
export function useWideningConfirmation() {
  const [asked, setAsked] = useState<{ message: string; patch: TenantPatch } | null>(null);
  const offer = (error: unknown, patch: TenantPatch): boolean => {
    const message = patch.confirmWidening ? null : wideningMessage(error);
    setAsked(message ? { message, patch } : null);
    return message !== null;
  };
  const dialog = (pending: boolean, resend: (patch: TenantPatch) => void) => (
    <ConfirmDialog
      open={asked !== null}
      title="Allow wider regions?"
      description={asked?.message.replace(/ Send confirmWidening: true to confirm\.$/, '') ?? ''}
      pending={pending}
      onConfirm={() => asked && resend({ ...asked.patch, confirmWidening: true })}
      onClose={() => setAsked(null)}
      confirmLabel="Allow the wider regions"
      pendingLabel="Saving..."
    />
  );
  return { offer, close: () => setAsked(null), dialog };
}
