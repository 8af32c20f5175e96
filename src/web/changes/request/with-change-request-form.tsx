import type { Environment } from '@contract/common';
import type { ReactNode } from 'react';
import type { ChangeRequestForm, ChangeRequestScope } from '@/changes/request/change-request-form';

/** Where no approval policy is given, a change always applies directly. */
export const DIRECT_CHANGE_FORM: ChangeRequestForm = {
  mode: 'direct',
  requiredApprovals: 0,
  fields: <></>,
  valid: true,
  bypass: false,
  submitLabel: 'Request change',
  pending: false,
  submit: () => undefined,
  handleDirectError: () => false,
};

/** The approval policy a dialog follows: the scope component and whose policy. */
export type ChangeApproval = { Scope: ChangeRequestScope; tenantId: string | null };

/** Hands `children` the change-request form of `approval` (or the direct one without it). */
export function WithChangeRequestForm({
  approval,
  environment,
  children,
}: {
  approval: ChangeApproval | undefined;
  environment: Environment;
  children: (form: ChangeRequestForm) => ReactNode;
}) {
  if (!approval) return <>{children(DIRECT_CHANGE_FORM)}</>;
  const { Scope, tenantId } = approval;
  return (
    <Scope tenantId={tenantId} environment={environment}>
      {children}
    </Scope>
  );
}
