import { useQuery } from '@tanstack/react-query';
import { capabilityOptionsQueryOptions } from '@/capabilities';
import type { OptionsQuery } from '@/components/server-combobox';
import type { ResourceKind } from '@/deployments/lib/resource-kinds';
import { microfrontendOptionsQueryOptions } from '@/microfrontends';

/** Each tab's picker searches its own feature's options endpoint. */
export const resourceOptionsQuery: Record<ResourceKind, OptionsQuery> = {
  microfrontends: microfrontendOptionsQueryOptions,
  capabilities: capabilityOptionsQueryOptions,
};

/**
 * The resource shown: the chosen one, else the first option (so the page opens on slots). Its name
 * comes from `ids=`, the same query the picker uses to label its value, so it is fetched once.
 */
export function useSelectedResource(kind: ResourceKind, resourceId: string | undefined) {
  const optionsQuery = resourceOptionsQuery[kind];
  const first = useQuery({ ...optionsQuery({}), enabled: !resourceId });
  const selectedId = resourceId ?? first.data?.rows[0]?.id;
  const selected = useQuery({
    ...optionsQuery({ ids: selectedId ? [selectedId] : [] }),
    enabled: !!selectedId,
  });
  return {
    selectedId,
    name: selected.data?.rows.find((option) => option.id === selectedId)?.label ?? selectedId,
    /** The first page's query: its failure or emptiness is the page's. */
    first,
    isEmpty: !resourceId && first.isSuccess && first.data.rows.length === 0,
  };
}
