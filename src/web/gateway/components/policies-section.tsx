import type { Environment } from '@contract/common';
import { opaPolicySortFields, type OpaPolicy } from '@contract/gateway';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { environmentName } from '@contract/common';
import { useLineages } from '@/gateway/api/get-lineages';
import { LineageHistoryDialog } from '@/gateway/components/lineage-history-dialog';
import { LineageListFrame } from '@/gateway/components/lineage-list-frame';
import { PromoteLineageDialog } from '@/gateway/components/promote-lineage-dialog';
import { PoliciesTable } from '@/gateway/components/policies-table';
import { PolicyFormDialog } from '@/gateway/components/policy-form-dialog';
import { useLineageActions } from '@/gateway/components/use-lineage-actions';
import { describePolicy } from '@/gateway/lib/describe-version';
import { useCapabilityNames } from '@/gateway/lib/use-capability-names';

type Open =
  | { kind: 'form'; policy?: OpaPolicy }
  | { kind: 'history'; policy: OpaPolicy; name: string }
  | { kind: 'promote'; policy: OpaPolicy; name: string }
  | null;

type PoliciesSectionProps = { tenantId: string; environment: Environment; canWrite: boolean };

/** The environment's OPA policies: paged, sorted and searched on the server, with their dialogs. */
export function PoliciesSection({ tenantId, environment, canWrite }: PoliciesSectionProps) {
  const [open, setOpen] = useState<Open>(null);
  const list = useListUrlState({
    sortFields: opaPolicySortFields,
    defaultSort: 'name',
    filters: [],
    prefix: 'policy',
  });
  const { q, sort, limit, offset } = list.query;
  const policies = useLineages('policies', tenantId, { environment, q, sort, limit, offset });
  const rows = policies.data?.rows ?? [];
  const capabilityName = useCapabilityNames(rows.map((row) => row.capabilityId));
  const actions = useLineageActions('policies', tenantId, environment);
  const where = environmentName(environment);

  return (
    <>
      <LineageListFrame
        id="opa-policies"
        title="Policies"
        description={`What the policy server (OPA) enforces in ${where}.`}
        icon={ShieldCheck}
        createLabel="Create Policy"
        canWrite={canWrite}
        onCreate={() => setOpen({ kind: 'form' })}
        searchLabel="Search policies by name"
        list={list}
        query={policies}
        emptyTitle={`No OPA policies in ${where} yet`}
        errorTitle="Could not load the policies"
      >
        <PoliciesTable
          policies={rows}
          capabilityName={capabilityName}
          canWrite={canWrite}
          sort={list.sort}
          onSort={list.setSort}
          onEdit={(policy) => setOpen({ kind: 'form', policy })}
          onHistory={(policy, name) => setOpen({ kind: 'history', policy, name })}
          onPromote={(policy, name) => setOpen({ kind: 'promote', policy, name })}
          onToggle={actions.toggle}
          onDelete={actions.requestDelete}
        />
      </LineageListFrame>
      {canWrite && (
        <PolicyFormDialog
          open={open?.kind === 'form'}
          onOpenChange={(next) => !next && setOpen(null)}
          tenantId={tenantId}
          environment={environment}
          policy={open?.kind === 'form' ? open.policy : undefined}
        />
      )}
      <LineageHistoryDialog
        kind="policies"
        tenantId={tenantId}
        lineage={open?.kind === 'history' ? open.policy : undefined}
        name={open?.kind === 'history' ? open.name : ''}
        onClose={() => setOpen(null)}
        describe={(version) => describePolicy(version as OpaPolicy)}
        canActivate={canWrite}
        onPromote={(version) =>
          open?.kind === 'history' &&
          setOpen({ kind: 'promote', policy: version as OpaPolicy, name: open.name })
        }
      />
      {canWrite && (
        <PromoteLineageDialog
          kind="policies"
          tenantId={tenantId}
          version={open?.kind === 'promote' ? open.policy : undefined}
          name={open?.kind === 'promote' ? open.name : ''}
          describe={(version) => describePolicy(version as OpaPolicy)}
          onClose={() => setOpen(null)}
        />
      )}
      {actions.dialogs}
    </>
  );
}
