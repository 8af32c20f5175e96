import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { capabilityKeys } from '@/capabilities';
import { changeRequestKeys } from '@/changes';
import { createLiveInvalidator } from '@/live/live-invalidation';
import { tenantKeys } from '@/tenants';
import { makeLiveEvent } from '@/test/fake-event-source';
import { withResourceEffects } from '@/test/resource-effects';
import { provideResourceEffects } from '@/lib/resource-effects';

const TENANT = 'tenant-001';
const event = (resourceType: string, action = `${resourceType}.update`) =>
  makeLiveEvent({ resourceType, action, resourceId: 'x', tenantId: TENANT });

describe('createLiveInvalidator', () => {
  const seeded = (...keys: QueryKey[]) => {
    const queryClient = new QueryClient();
    for (const key of keys) queryClient.setQueryData(key, 'cached');
    const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
    return { queryClient, invalidated };
  };

  it("invalidates the reads a burst of events touched, and not the others'", async () => {
    const { queryClient, invalidated } = seeded(
      changeRequestKeys.summary(),
      tenantKeys.detail(TENANT),
      capabilityKeys.detail('api-001'),
    );
    const invalidator = createLiveInvalidator(withResourceEffects(queryClient), 0);
    invalidator.change(event('change-request', 'change_request.approve'));
    invalidator.change(event('tenant'));
    await expect.poll(() => invalidated(changeRequestKeys.summary())).toBe(true);
    await expect.poll(() => invalidated(tenantKeys.detail(TENANT))).toBe(true);
    expect(invalidated(capabilityKeys.detail('api-001'))).toBe(false);
  });

  it('invalidates everything on a resync, and when the table cannot load', async () => {
    const first = seeded(capabilityKeys.detail('api-001'));
    createLiveInvalidator(withResourceEffects(first.queryClient), 0).everything();
    await expect.poll(() => first.invalidated(capabilityKeys.detail('api-001'))).toBe(true);

    const second = seeded(capabilityKeys.detail('api-001'));
    provideResourceEffects(second.queryClient, () => Promise.reject(new Error('offline')));
    const failing = createLiveInvalidator(second.queryClient, 0);
    failing.change(event('tenant'));
    await expect.poll(() => second.invalidated(capabilityKeys.detail('api-001'))).toBe(true);
  });
});
