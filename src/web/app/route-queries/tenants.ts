import { tenantSortFields } from '@contract/list-conventions';
import type { RouteQuery } from '@/app/route-query';
import { listQueryOf } from '@/hooks/use-list-url-state';
import { tenantListQueryOptions } from '@/tenants';

/** /tenants (src/web/tenants/list/lib/tenants-view.ts): one page of tenants. */
export const queries = (params: URLSearchParams): RouteQuery[] => [
  tenantListQueryOptions(
    listQueryOf(params, { sortFields: tenantSortFields, defaultSort: '-createdAt', filters: ['status'] }),
  ),
];
