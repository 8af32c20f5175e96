import type { Environment } from '@contract/common';
import { environmentName } from '@contract/vocabulary';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useListUrlState } from '@/hooks/use-list-url-state';
import type { LineageKind, LineageOf } from '@/gateway/api/gateway-keys';
import { useLineages } from '@/gateway/api/get-lineages';
import type { LineageEntry } from '@/gateway/components/lineage-entry';
import { LineageFormDialog } from '@/gateway/components/lineage-form-dialog';
import { LineageHistoryDialog } from '@/gateway/components/lineage-history-dialog';
import { LineageListFrame } from '@/gateway/components/lineage-list-frame';
import { LineageTable } from '@/gateway/components/lineage-table';
import { PromoteLineageDialog } from '@/gateway/components/promote-lineage-dialog';
import { useLineageActions } from '@/gateway/components/use-lineage-actions';
import { useCapabilityNames } from '@/gateway/lib/use-capability-names';

/** Which dialog of the section is open, on which version. */
type Open<T> =
  | { dialog: 'form'; version?: T }
  | { dialog: 'history'; version: T; name: string }
  | { dialog: 'promote'; version: T; name: string }
  | null;

type LineageSectionProps<K extends LineageKind, V extends FieldValues> = {
  entry: LineageEntry<K, V>;
  tenantId: string;
  environment: Environment;
  canWrite: boolean;
};

/** One page of a kind's lineages, as the list's state in the address asks, and their capabilities' names. */
function useLineageList<K extends LineageKind>(
  { kind, list: kindList }: Pick<LineageEntry<K, FieldValues>, 'kind' | 'list'>,
  tenantId: string,
  environment: Environment,
) {
  const list = useListUrlState({
    sortFields: kindList.sortFields,
    defaultSort: kindList.defaultSort,
    filters: [],
    prefix: kindList.prefix,
  });
  const { q, sort, limit, offset } = list.query;
  const lineages = useLineages(kind, tenantId, { environment, q, sort, limit, offset });
  const rows = lineages.data?.rows ?? [];
  const capabilityName = useCapabilityNames(rows.map((row) => row.capabilityId));
  return { list, lineages, rows, capabilityName };
}

/** A kind's lineages in one environment: paged, sorted and searched on the server, with their dialogs. */
export function LineageSection<K extends LineageKind, V extends FieldValues>({
  entry,
  tenantId,
  environment,
  canWrite,
}: LineageSectionProps<K, V>) {
  const { list: kindList } = entry;
  const [open, setOpen] = useState<Open<LineageOf<K>>>(null);
  const { list, lineages, rows, capabilityName } = useLineageList(entry, tenantId, environment);
  const actions = useLineageActions(entry, tenantId, environment);
  const where = environmentName(environment);

  return (
    <>
      <LineageListFrame
        id={kindList.id}
        title={kindList.title}
        description={kindList.description(where)}
        icon={kindList.icon}
        createLabel={`Create ${entry.Noun}`}
        canWrite={canWrite}
        onCreate={() => setOpen({ dialog: 'form' })}
        searchLabel={kindList.searchLabel}
        list={list}
        query={lineages}
        emptyTitle={kindList.emptyTitle(where)}
        errorTitle={kindList.errorTitle}
      >
        <LineageTable
          entry={entry}
          rows={rows}
          capabilityName={capabilityName}
          canWrite={canWrite}
          sort={list.sort}
          onSort={list.setSort}
          onEdit={(version) => setOpen({ dialog: 'form', version })}
          onHistory={(version, name) => setOpen({ dialog: 'history', version, name })}
          onPromote={(version, name) => setOpen({ dialog: 'promote', version, name })}
          onToggle={actions.toggle}
          onDelete={actions.requestDelete}
        />
      </LineageListFrame>
      <LineageSectionDialogs
        entry={entry}
        tenantId={tenantId}
        environment={environment}
        canWrite={canWrite}
        open={open}
        setOpen={setOpen}
      />
      {actions.dialogs}
    </>
  );
}

/** The section's form, history and promote dialogs; `open` says which one shows, on which version. */
function LineageSectionDialogs<K extends LineageKind, V extends FieldValues>({
  entry,
  tenantId,
  environment,
  canWrite,
  open,
  setOpen,
}: LineageSectionProps<K, V> & { open: Open<LineageOf<K>>; setOpen: (open: Open<LineageOf<K>>) => void }) {
  const opened = (dialog: 'history' | 'promote') => (open?.dialog === dialog ? open : undefined);
  const close = () => setOpen(null);
  return (
    <>
      {canWrite && (
        <LineageFormDialog
          entry={entry}
          open={open?.dialog === 'form'}
          onOpenChange={(next) => !next && close()}
          tenantId={tenantId}
          environment={environment}
          version={open?.dialog === 'form' ? open.version : undefined}
        />
      )}
      <LineageHistoryDialog
        entry={entry}
        tenantId={tenantId}
        lineage={opened('history')?.version}
        name={opened('history')?.name ?? ''}
        onClose={close}
        canActivate={canWrite}
        onPromote={(version) => setOpen({ dialog: 'promote', version, name: opened('history')?.name ?? '' })}
      />
      {canWrite && (
        <PromoteLineageDialog
          entry={entry}
          tenantId={tenantId}
          version={opened('promote')?.version}
          name={opened('promote')?.name ?? ''}
          onClose={close}
        />
      )}
    </>
  );
}
