import type { microfrontendSortFields, SortValue } from '@contract/lists';
import type { OptionsParams } from '@/components/server-combobox';

export const MICROFRONTENDS_PATH = '/api/microfrontends';
export const VERSIONS_PATH = '/api/microfrontend-versions';

/** GET /api/microfrontends' query (src/contract/lists.ts). */
export type MicrofrontendsParams = {
  q?: string;
  sort?: SortValue<(typeof microfrontendSortFields)[number]>;
  limit?: number;
  offset?: number;
};

/**
 * The one place a registry query key is built: microfrontends, their versions, published versions
 * and the pickers' options all sit under `all`, so `invalidateMicrofrontends` refreshes the
 * registry page, the mesh form and Deployments together.
 */
export const microfrontendKeys = {
  all: ['microfrontends'] as const,
  lists: () => [...microfrontendKeys.all, 'list'] as const,
  list: (params: MicrofrontendsParams) => [...microfrontendKeys.lists(), params] as const,
  options: (params: OptionsParams & { limit?: number }) =>
    [...microfrontendKeys.all, 'options', params] as const,
  detail: (id: string) => [...microfrontendKeys.all, 'detail', id] as const,
  versions: (id: string) => [...microfrontendKeys.detail(id), 'versions'] as const,
  published: (id: string) => [...microfrontendKeys.versions(id), 'published'] as const,
  publishedOptions: (id: string, params: OptionsParams & { limit?: number }) =>
    [...microfrontendKeys.versions(id), 'options', params] as const,
};
