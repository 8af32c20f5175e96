import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/api-client';
import { invalidateTenants, tenantKeys } from '@/tenants/api/tenant-keys';

describe('invalidateTenants', () => {
  it('marks every tenant read and the reads a tenant change affects stale, and nothing else', async () => {
    const queryClient = createQueryClient();
    const keys = {
      list: tenantKeys.list({ q: 'acme', sort: 'name', limit: 25, offset: 0 }),
      detail: tenantKeys.detail('t1'),
      options: tenantKeys.options({ ids: ['t1'] }),
      every: tenantKeys.everyTenant(),
      overview: ['/api/overview'],
      meshes: ['/api/web-app-meshes', 'list', {}],
      capabilities: ['/api/capabilities'],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
    await invalidateTenants(queryClient);
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, stale(key)]))).toEqual({
      list: true,
      detail: true,
      options: true,
      every: true,
      overview: true,
      meshes: true,
      capabilities: false,
    });
  });
});
