import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Microfrontend } from '@contract/microfrontends';
import { getJson } from '@/lib/api-client';

const MICROFRONTENDS_PATH = '/api/microfrontends';

/** GET /api/microfrontends: the resource select's options on the Microfrontends tab. */
export const microfrontendsQueryOptions = () =>
  queryOptions({
    queryKey: [MICROFRONTENDS_PATH],
    queryFn: () => getJson<Microfrontend[]>(MICROFRONTENDS_PATH),
  });

export function useMicrofrontends(enabled = true) {
  return useQuery({ ...microfrontendsQueryOptions(), enabled });
}
