import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Microfrontend, MicrofrontendInput } from '@contract/microfrontends';
import { apiRequest } from '@/lib/api-client';
import { MICROFRONTENDS_PATH } from '@/microfrontends/api/microfrontend-keys';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** PATCH /api/microfrontends/{id}. */
export async function updateMicrofrontend({
  id,
  patch,
}: {
  id: string;
  patch: Partial<MicrofrontendInput>;
}): Promise<Microfrontend> {
  const res = await apiRequest('PATCH', `${MICROFRONTENDS_PATH}/${encodeURIComponent(id)}`, patch);
  return (await res.json()) as Microfrontend;
}

export function useUpdateMicrofrontend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMicrofrontend,
    onSuccess: () => invalidateMicrofrontends(queryClient),
  });
}
