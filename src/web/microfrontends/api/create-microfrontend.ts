import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Microfrontend, MicrofrontendInput } from '@contract/microfrontends';
import { apiRequest } from '@/lib/api-client';
import { MICROFRONTENDS_PATH } from '@/microfrontends/api/microfrontend-keys';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** POST /api/microfrontends: 409 when the slug is taken. */
export async function createMicrofrontend(input: MicrofrontendInput): Promise<Microfrontend> {
  const res = await apiRequest('POST', MICROFRONTENDS_PATH, input);
  return (await res.json()) as Microfrontend;
}

export function useCreateMicrofrontend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMicrofrontend,
    onSuccess: () => invalidateMicrofrontends(queryClient),
  });
}
