import { zodResolver } from '@hookform/resolvers/zod';
import { opaPolicySortFields } from '@contract/gateway';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import type { LineageEntry } from '@/gateway/components/lineage-entry';
import { PolicyFormFields } from '@/gateway/components/policy-form-fields';
import { describePolicy } from '@/gateway/lib/describe-version';
import { policyName } from '@/gateway/lib/lineage-names';
import {
  policyFormDefaults,
  policyFormFields,
  policyFormLabels,
  policyFormSchema,
  policyTypeLabels,
  toPolicyFields,
  type PolicyFormValues,
} from '@/gateway/lib/policy-form';
import { regoProblemsOf } from '@/gateway/lib/rego-problems';

/** OPA policies: what the policy server enforces. */
export const policyLineage: LineageEntry<'policies', PolicyFormValues> = {
  kind: 'policies',
  noun: 'policy',
  Noun: 'Policy',
  describe: describePolicy,
  list: {
    id: 'opa-policies',
    title: 'Policies',
    tableLabel: 'OPA policies',
    icon: ShieldCheck,
    description: (where) => `What the policy server (OPA) enforces in ${where}.`,
    searchLabel: 'Search policies by name',
    emptyTitle: (where) => `No OPA policies in ${where} yet`,
    errorTitle: 'Could not load the policies',
    sortFields: opaPolicySortFields,
    defaultSort: 'name',
    prefix: 'policy',
    nameOf: policyName,
    columns: [
      {
        header: 'Name',
        sort: 'name',
        cell: (policy) => (
          <>
            <div className="font-medium">{policy.name}</div>
            {policy.description && (
              <div className="max-w-md truncate text-xs text-muted-foreground" title={policy.description}>
                {policy.description}
              </div>
            )}
          </>
        ),
      },
      { header: 'Type', sort: 'policyType', cell: (policy) => policyTypeLabels[policy.policyType] },
      { header: 'Capability', sort: 'capabilityId', cell: (policy, name) => name(policy.capabilityId) },
      {
        header: 'Enabled',
        cell: (policy) => (
          <Badge variant={policy.enabled ? 'secondary' : 'outline'}>{policy.enabled ? 'Yes' : 'No'}</Badge>
        ),
      },
    ],
  },
  form: {
    width: 'sm:max-w-3xl',
    aNew: 'An OPA policy',
    label: (policy) => policy.name,
    useForm: (policy, tenantId) =>
      useForm({
        resolver: zodResolver(policyFormSchema),
        defaultValues: policyFormDefaults(policy, tenantId),
      }),
    values: (policy, tenantId) => policyFormDefaults(policy, tenantId),
    labels: policyFormLabels,
    toFields: toPolicyFields,
    toCreate: (values, environment) => ({
      ...toPolicyFields(values),
      capabilityId: values.capabilityId,
      environment,
    }),
    createChange: (tenantId, body) => ({ kind: 'opa_policy.create', tenantId, body }),
    editChange: (tenantId, lineageId, body) => ({ kind: 'opa_policy.edit', tenantId, lineageId, body }),
    // Rego problems show as a list beside the editor, not as one field message.
    issueField: (field) =>
      field === 'policyContent' ? undefined : policyFormFields.find((name) => name === field),
    // A 409 names an unsubscribed capability or a package another active policy declares.
    conflictFields: { capability: 'capabilityId', other: 'policyContent' },
    listedProblems: { field: 'policyContent', found: (error) => regoProblemsOf(error).length > 0 },
    Fields: PolicyFormFields,
  },
};
