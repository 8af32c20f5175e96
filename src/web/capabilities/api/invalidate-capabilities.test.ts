import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  capabilitiesQueryOptions,
  capabilityCatalogueQueryOptions,
  capabilityOptionsQueryOptions,
  capabilityQueryOptions,
  invalidateCapabilities,
} from '@/capabilities';
import { templatesQueryOptions } from '@/capabilities/api/get-templates';
import { deploymentsQueryOptions } from '@/deployments';
import { overviewQueryOptions } from '@/overview';
import { activeVersionsQueryOptions } from '@/control-plane';

const invalidated = (client: QueryClient, queryKey: QueryKey) =>
  client.getQueryState(queryKey)?.isInvalidated;

describe('invalidateCapabilities', () => {
  it('marks stale every read that shows the catalogue, on every screen, and the Overview counts', async () => {
    const client = new QueryClient();
    // The keys exactly as each screen builds them (through its query options).
    const shown: Record<string, QueryKey> = {
      'catalogue table (/apis)': capabilitiesQueryOptions({ q: 'id', sort: 'name', limit: 25, offset: 0 })
        .queryKey,
      'capability page': capabilityQueryOptions('api-001').queryKey,
      'notification templates': templatesQueryOptions('api-007').queryKey,
      'control plane grid': capabilityCatalogueQueryOptions().queryKey,
      'Deployments and other pickers': capabilityOptionsQueryOptions({ q: 'pay' }).queryKey,
      Overview: overviewQueryOptions().queryKey,
    };
    const unrelated: Record<string, QueryKey> = {
      'deployment slots': deploymentsQueryOptions('capabilities', 'api-001', 'production').queryKey,
      'active configuration versions': activeVersionsQueryOptions({
        tenantId: 'tenant-001',
        environment: 'production',
        region: 'us-east-1',
      }).queryKey,
    };
    for (const key of [...Object.values(shown), ...Object.values(unrelated)]) client.setQueryData(key, {});

    await invalidateCapabilities(client);

    for (const [screen, key] of Object.entries(shown))
      expect([screen, invalidated(client, key)]).toEqual([screen, true]);
    for (const [read, key] of Object.entries(unrelated))
      expect([read, invalidated(client, key)]).toEqual([read, false]);
  });
});
