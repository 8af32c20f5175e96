import { webAppMeshSortFields, webAppSortFields } from '@contract/list-conventions';
import type { RouteQuery } from '@/app/route-query';
import { listQueryOf } from '@/hooks/use-list-url-state';
import { meshesQueryOptions } from '@/microfrontends';
import { webAppsQueryOptions } from '@/web-apps';

/**
 * /apps (src/web/web-apps/lib/web-apps-view.ts and the meshes section's prefixed list): one page of
 * web apps and one of meshes.
 */
export const queries = (params: URLSearchParams): RouteQuery[] => [
  webAppsQueryOptions(
    listQueryOf(params, {
      sortFields: webAppSortFields,
      defaultSort: '-createdAt',
      filters: ['status', 'tenantId', 'environment', 'technology'],
    }),
  ),
  meshesQueryOptions(
    listQueryOf(params, {
      prefix: 'mesh',
      sortFields: webAppMeshSortFields,
      defaultSort: '-createdAt',
      filters: ['tenantId'],
    }),
  ),
];
