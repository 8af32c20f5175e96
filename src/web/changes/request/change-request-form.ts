import type { ChangeRequest, Change } from '@contract/changes';
import type { Environment } from '@contract/common';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

/** A direct write the policy refused: the same change must be requested instead. */
export const isApprovalRequired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.body?.code === 'APPROVAL_REQUIRED';

/**
 * How a dialog submits a change that an approval policy may turn into a change request
 * (docs/requesting-changes.md). useChangeRequestForm implements it; the dialogs of other features
 * (deployments, the control plane, blue-green) take it from the changes feature's public surface.
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

/**
 * What a dialog that may follow either scope's policy is given instead of the hook (the blue-green
 * dialogs serve tenants and shared capabilities alike): a component that runs useChangeRequestForm for a
 * policy scope and environment and hands the form to its children (a component, so the hook is called
 * as a hook, and its state lives as long as the dialog's form).
 */
export type ChangeRequestScopeProps = {
  /** The tenant whose policy applies; null: the platform's. */
  tenantId: string | null;
  environment: Environment | null;
  children: (form: ChangeRequestForm) => ReactNode;
};
export type ChangeRequestScope = ComponentType<ChangeRequestScopeProps>;
