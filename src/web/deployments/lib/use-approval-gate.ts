import { useState } from 'react';
import { useChangeRequestForm } from '@/changes';
import type { Environment } from '@/deployments/lib/resource-kinds';

/**
 * A write on deployments under the platform's approval policy (docs/requesting-changes.md): it applies
 * directly, or, where the environment's changes need approvals, its input waits for a change request
 * dialog. A direct call the policy refused since the page loaded (409 APPROVAL_REQUIRED) becomes one too.
 */
export function useApprovalGate<I>(environment: Environment) {
  // Deployments are the platform's: its policy decides whether a write applies or is requested.
  const form = useChangeRequestForm({ tenantId: null, environment });
  const [requested, setRequested] = useState<I | null>(null);
  return {
    form,
    /** The write waiting for its request dialog; null: none. */
    requested,
    close: () => setRequested(null),
    /** Runs the direct write, or opens the request dialog where the policy asks approvals. */
    run: (input: I, direct: (input: I) => void) => {
      if (form.mode === 'request') setRequested(input);
      else direct(input);
    },
    /** A direct write failed: true when the policy now asks approvals (the request dialog opens). */
    requestAfter: (error: unknown, input: I): boolean => {
      if (!form.handleDirectError(error)) return false;
      setRequested(input);
      return true;
    },
  };
}
export type ApprovalGate<I> = ReturnType<typeof useApprovalGate<I>>;
