import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Microfrontend } from '@contract/microfrontends';
import { getJson } from '@/lib/api-client';

export const MICROFRONTENDS_PATH = '/api/microfrontends';

/** GET /api/microfrontends: the registry, for the mesh form's microfrontend selects. */
export function getMicrofrontends(): Promise<Microfrontend[]> {
  return getJson<Microfrontend[]>(MICROFRONTENDS_PATH);
}

export const microfrontendsQueryOptions = () =>
  queryOptions({ queryKey: [MICROFRONTENDS_PATH], queryFn: getMicrofrontends });

export function useMicrofrontends() {
  return useQuery(microfrontendsQueryOptions());
}
