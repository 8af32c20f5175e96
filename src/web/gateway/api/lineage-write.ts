import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson, type RequestOptions } from '@/lib/api-client';
import { invalidateLineages, type LineageKind, type LineageOf } from '@/gateway/api/gateway-keys';

/** A POST to a kind's lineage that answers the version it made active (as the server's schema says). */
export async function postLineage<K extends LineageKind>(
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<LineageOf<K>> {
  return sendJson<LineageOf<K>>('POST', url, body, options);
}

/** A write to one kind's lineages of a tenant: once it succeeds, that kind's lists and histories refetch. */
export function useLineageMutation<I, R>(
  kind: LineageKind,
  tenantId: string,
  mutationFn: (input: I) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateLineages(queryClient, kind, tenantId) });
}
