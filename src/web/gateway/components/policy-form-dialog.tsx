import { zodResolver } from '@hookform/resolvers/zod';
import type { Environment } from '@contract/common';
import type { OpaPolicy, RegoProblem } from '@contract/gateway';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { asDirectError, useChangeRequestForm } from '@/changes';
import { ConflictAlert } from '@/components/conflict-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/components/notify';
import { applyServerIssues } from '@/lib/server-issues';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
import { environmentName } from '@contract/common';
import { useCreateLineage } from '@/gateway/api/create-lineage';
import { invalidateLineages } from '@/gateway/api/gateway-keys';
import { useUpdateLineage } from '@/gateway/api/update-lineage';
import { DialogForm } from '@/components/dialog-form';
import { NewestVersionGate } from '@/gateway/components/newest-version-gate';
import { PolicyFormFields } from '@/gateway/components/policy-form-fields';
import { conflictFieldOf } from '@/gateway/lib/conflict-field';
import {
  policyFormDefaults,
  policyFormFields,
  policyFormLabels,
  policyFormSchema,
  toPolicyFields,
  type PolicyFormValues,
} from '@/gateway/lib/policy-form';
import { regoProblemsOf } from '@/gateway/lib/rego-problems';

type PolicyFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tenantId: string;
  environment: Environment;
  /** Edit this policy (a new version); without it, create one. */
  policy?: OpaPolicy;
};

/** Create Policy or Edit Policy, with the Rego source and the server's Rego problems beside it. */
export function PolicyFormDialog({
  open,
  onOpenChange,
  tenantId,
  environment,
  policy,
}: PolicyFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{policy ? 'Edit Policy' : 'Create Policy'}</DialogTitle>
          <DialogDescription>
            {policy
              ? `Saving adds a new version of ${policy.name} in ${environmentName(environment)} and makes it active.`
              : `An OPA policy in ${environmentName(environment)}, for every region of the environment.`}
          </DialogDescription>
        </DialogHeader>
        {open &&
          (policy ? (
            <NewestVersionGate kind="policies" tenantId={tenantId} row={policy}>
              {(newest) => (
                <PolicyForm
                  tenantId={tenantId}
                  environment={environment}
                  policy={{ ...policy, revision: newest }}
                  onDone={() => onOpenChange(false)}
                />
              )}
            </NewestVersionGate>
          ) : (
            <PolicyForm tenantId={tenantId} environment={environment} onDone={() => onOpenChange(false)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

type PolicyFormProps = {
  tenantId: string;
  environment: Environment;
  policy?: OpaPolicy & { revision: number };
  onDone: () => void;
};

function PolicyForm({ tenantId, environment, policy, onDone }: PolicyFormProps) {
  const create = useCreateLineage('policies', tenantId);
  const update = useUpdateLineage('policies', tenantId);
  const queryClient = useQueryClient();
  // The tenant's approval policy for this environment decides: save directly, or request the change.
  const request = useChangeRequestForm({ tenantId, environment });
  const requesting = request.mode === 'request';
  const pending = create.isPending || update.isPending || request.pending;
  const [regoProblems, setRegoProblems] = useState<RegoProblem[]>([]);
  const form = useForm<PolicyFormValues>({
    resolver: zodResolver(policyFormSchema),
    defaultValues: policyFormDefaults(policy, tenantId),
  });
  const conflict = useConflictAwareSave({
    form,
    resource: policy,
    toFormValues: (resource: OpaPolicy) => policyFormDefaults(resource, tenantId),
    what: 'policy',
    labels: policyFormLabels,
  });

  const showIssues = (error: unknown) => {
    const problems = regoProblemsOf(error);
    setRegoProblems(problems);
    // Rego problems show as a list beside the editor, not as one field message.
    applyServerIssues(
      error,
      form.setError,
      (field) => (field === 'policyContent' ? undefined : policyFormFields.find((name) => name === field)),
      // A 409 names an unsubscribed capability or a package another active policy declares.
      conflictFieldOf(error, { capability: 'capabilityId', other: 'policyContent' }),
    );
    if (problems.length > 0) form.setFocus('policyContent');
  };

  const onError = (error: unknown, fallback: string) => {
    // The policy changed since the dialog opened: it stays open and now requests the change.
    if (request.handleDirectError(error)) return;
    if (conflict.handleError(error)) return;
    showIssues(error);
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    setRegoProblems([]);
    const fields = toPolicyFields(values);
    const where = environmentName(environment);
    if (requesting) {
      if (!request.valid) return;
      request.submit(
        policy
          ? { kind: 'opa_policy.edit', tenantId, lineageId: policy.lineageId, body: fields }
          : {
              kind: 'opa_policy.create',
              tenantId,
              body: { ...fields, capabilityId: values.capabilityId, environment },
            },
        {
          // Nothing changes until the request applies; a bypass applies now.
          onSuccess: (created) => {
            if (created.status === 'applied') void invalidateLineages(queryClient, 'policies', tenantId);
            onDone();
          },
          // The change's issues (body.change.body.policyContent...) are this form's own; the hook toasts.
          onError: (error) => showIssues(asDirectError(error)),
        },
      );
      return;
    }
    if (policy) {
      update.mutate(
        { lineageId: policy.lineageId, fields, ifMatch: conflict.revision() },
        {
          onSuccess: (saved) => {
            notifySuccess(
              'Policy updated',
              `Version ${saved.version} of ${saved.name} is active in ${where}.`,
            );
            onDone();
          },
          onError: (error) => onError(error, 'Failed to update policy'),
        },
      );
    } else {
      create.mutate(
        { ...fields, capabilityId: values.capabilityId, environment },
        {
          onSuccess: (saved) => {
            notifySuccess('Policy created', `${saved.name} is active in ${where}.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to create policy'),
        },
      );
    }
  });

  return (
    <DialogForm
      label={policy ? 'Edit policy' : 'Create policy'}
      pending={pending}
      submitLabel={
        pending
          ? requesting
            ? 'Sending...'
            : 'Saving...'
          : requesting
            ? request.submitLabel
            : policy
              ? 'Save Changes'
              : 'Create Policy'
      }
      submitDisabled={request.mode === 'loading' || (requesting && !request.valid)}
      destructive={requesting && request.bypass}
      onSubmit={onSubmit}
    >
      <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
      <PolicyFormFields
        form={form}
        tenantId={tenantId}
        environment={environment}
        editing={!!policy}
        regoProblems={regoProblems}
      />
      {requesting && request.fields}
    </DialogForm>
  );
}
