import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Option } from '@contract/lists';
import { OPTIONS_DEFAULT_LIMIT, OPTIONS_MAX } from '@contract/list-conventions';
import type { OptionsParams } from '@/components/server-combobox';
import { getOptions } from '@/lib/list-request';
import { TENANTS_PATH, tenantKeys } from '@/tenants/api/tenant-keys';

const OPTIONS_PATH = `${TENANTS_PATH}/options`;

/** GET /api/tenants/options?q=&limit=&ids=: compact rows for a tenant picker. */
export function getTenantOptions(params: OptionsParams) {
  const limit = params.ids?.length ? Math.min(params.ids.length, OPTIONS_MAX) : OPTIONS_DEFAULT_LIMIT;
  return getOptions<Option>(OPTIONS_PATH, { ...params, limit });
}

export const tenantOptionsQueryOptions = (params: OptionsParams) =>
  queryOptions({ queryKey: tenantKeys.options(params), queryFn: () => getTenantOptions(params) });

export function useTenantOptions(params: OptionsParams, enabled = true) {
  return useQuery({ ...tenantOptionsQueryOptions(params), enabled });
}

export type TenantNameLookup = {
  /** Names by id; undefined until the first lookup answers. */
  names: Map<string, string> | undefined;
  /** The names shown are not yet those of these ids (first load, or the previous page's kept meanwhile). */
  settling: boolean;
};

/**
 * Tenant names by id for the tenants a screen shows (at most OPTIONS_MAX at a time), read through
 * `ids=`, so labelling a page of rows never needs the whole tenant list.
 */
export function useTenantNameLookup(ids: readonly string[]): TenantNameLookup {
  const unique = [...new Set(ids)].sort().slice(0, OPTIONS_MAX);
  // The previous names stay while the next page's load, so cards do not fall back to a loading state.
  const names = useQuery({
    ...tenantOptionsQueryOptions({ ids: unique }),
    enabled: unique.length > 0,
    placeholderData: keepPreviousData,
  });
  // Names are secondary: a failed lookup leaves the rows unlabelled rather than the screen loading.
  if (unique.length === 0 || names.isError) return { names: new Map(), settling: false };
  return {
    names: names.data ? new Map(names.data.rows.map((option) => [option.id, option.label])) : undefined,
    settling: names.isPending || names.isPlaceholderData,
  };
}

/** The names alone (see useTenantNameLookup). */
export function useTenantNames(ids: readonly string[]): Map<string, string> | undefined {
  return useTenantNameLookup(ids).names;
}
