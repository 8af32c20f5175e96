import type { ChangeRequest, Change } from '@contract/changes';
import type { Environment } from '@contract/common';
import type { ReactElement } from 'react';

/**
 * How a dialog submits a change that an approval policy may turn into a change request
 * (docs/requesting-changes.md). The changes feature implements it (useChangeRequestForm); shared
 * components such as the blue-green dialogs receive it as a hook, since they may not import a feature.
 */
export type ChangeRequestForm = {
  /** direct: the dialog calls its own endpoint; request: it posts a change request; loading: not known yet. */
  mode: 'loading' | 'direct' | 'request';
  /** Approvals the environment's changes need (0 when direct or unknown). */
  requiredApprovals: number;
  /** The request's own fields (note, description, schedule, bypass), to place in the dialog in request mode. */
  fields: ReactElement;
  /** The request fields hold what the server needs (a bypass has its reason, a schedule its time). */
  valid: boolean;
  /** A global administrator chose to apply now: the production confirmation still applies. */
  bypass: boolean;
  /** "Request change", or "Apply now (bypass)". */
  submitLabel: string;
  pending: boolean;
  /** Posts the change request; the hook toasts its outcome and refreshes the Changes list. */
  submit: (
    change: Change,
    callbacks?: { onSuccess?: (request: ChangeRequest) => void; onError?: (error: unknown) => void },
  ) => void;
  /**
   * After a direct call failed: a 409 APPROVAL_REQUIRED (the policy changed since the dialog opened)
   * refetches the policy, which puts the dialog in request mode, and explains it in a toast. True when handled.
   */
  handleDirectError: (error: unknown) => boolean;
};

/** The hook a shared dialog is given: the form for one environment of its owner. */
export type UseChangeRequestForm = (environment: Environment | null) => ChangeRequestForm;
