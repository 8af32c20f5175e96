import type { Microfrontend } from '@contract/microfrontends';
import type { LiveResource } from '@/concurrency';
import { getJson } from '@/lib/api-client';
import { MICROFRONTENDS_PATH } from '@/microfrontends/api/microfrontend-keys';

/** GET /api/microfrontends/{id}: one microfrontend (404 'Microfrontend not found'). */
export function getMicrofrontend(id: string): Promise<Microfrontend> {
  return getJson<Microfrontend>(`${MICROFRONTENDS_PATH}/${encodeURIComponent(id)}`);
}

/** How the microfrontend edit form follows its microfrontend live (docs/live-console.md). */
export const microfrontendLive: LiveResource<Microfrontend> = {
  resourceType: 'microfrontend',
  fetchCurrent: getMicrofrontend,
};
