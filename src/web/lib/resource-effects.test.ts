import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { invalidateDeleted } from '@/lib/invalidate-deleted';
import { invalidateWritten, provideResourceEffects } from '@/lib/resource-effects';
import { resourceEffects } from '@/app/resource-effects';

const LIST: QueryKey = ['/api/web-app-meshes', 'list', {}];
const DETAIL: QueryKey = ['/api/web-app-meshes', 'detail', 'mesh-1'];

/** A query client holding `keys`, each watched as a screen watches it, counting their fetches. */
function watched(...keys: QueryKey[]) {
  const queryClient = new QueryClient();
  provideResourceEffects(queryClient, () => Promise.resolve(resourceEffects));
  const fetches = new Map(keys.map((key) => [JSON.stringify(key), vi.fn(() => Promise.resolve('fresh'))]));
  for (const key of keys) {
    const queryFn = fetches.get(JSON.stringify(key))!;
    queryClient.setQueryData(key, 'cached');
    new QueryObserver(queryClient, { queryKey: key, queryFn, staleTime: Infinity }).subscribe(() => {});
  }
  const fetched = (key: QueryKey) => fetches.get(JSON.stringify(key))!.mock.calls.length;
  return { queryClient, fetched };
}

describe('invalidateWritten and invalidateDeleted', () => {
  it("refetches what the write touched, and marks a deleted resource's own read stale without refetching it", async () => {
    const { queryClient, fetched } = watched(LIST, DETAIL);
    await invalidateDeleted(queryClient, 'mesh', DETAIL);
    expect(fetched(LIST)).toBe(1);
    expect(fetched(DETAIL)).toBe(0);
    expect(queryClient.getQueryState(DETAIL)?.isInvalidated).toBe(true);
  });

  it('refetches the resource itself after an edit', async () => {
    const { queryClient, fetched } = watched(LIST, DETAIL);
    await invalidateWritten(queryClient, 'mesh');
    expect([fetched(LIST), fetched(DETAIL)]).toEqual([1, 1]);
  });

  it('refetches everything without a table (never stale), the deleted read still aside', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(LIST, 'cached');
    queryClient.setQueryData(DETAIL, 'cached');
    await invalidateDeleted(queryClient, 'mesh', DETAIL);
    expect(queryClient.getQueryState(LIST)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(DETAIL)?.isInvalidated).toBe(true);
  });
});
