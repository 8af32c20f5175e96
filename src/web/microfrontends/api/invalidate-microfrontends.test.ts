import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  invalidateMicrofrontends,
  microfrontendOptionsQueryOptions,
  microfrontendsQueryOptions,
} from '@/microfrontends';
import {
  microfrontendVersionsQueryOptions,
  publishedVersionOptionsQueryOptions,
  publishedVersionsQueryOptions,
} from '@/microfrontends/api/get-microfrontend-versions';
import { meshManifestQueryOptions } from '@/microfrontends/mesh/api/get-mesh-manifest';
import { deploymentsQueryOptions } from '@/deployments';

describe('invalidateMicrofrontends', () => {
  it('marks stale the registry, the pickers, the version lists and the mesh manifests, not the slots', async () => {
    const client = new QueryClient();
    const shown: QueryKey[] = [
      microfrontendsQueryOptions({ sort: 'name', limit: 25, offset: 0 }).queryKey,
      microfrontendOptionsQueryOptions({ q: 'nav' }).queryKey,
      microfrontendVersionsQueryOptions('mfe-1').queryKey,
      publishedVersionsQueryOptions('mfe-1').queryKey,
      publishedVersionOptionsQueryOptions('mfe-1', { ids: ['ver-1'] }).queryKey,
      meshManifestQueryOptions('mesh-1').queryKey,
    ];
    const slots = deploymentsQueryOptions('microfrontends', 'mfe-1', 'production').queryKey;
    for (const key of [...shown, slots]) client.setQueryData(key, {});

    await invalidateMicrofrontends(client);

    expect(shown.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(shown.map(() => true));
    expect(client.getQueryState(slots)?.isInvalidated).toBe(false);
  });
});
