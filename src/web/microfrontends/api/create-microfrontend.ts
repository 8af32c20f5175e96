import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Microfrontend, MicrofrontendInput } from '@contract/microfrontends';
import { sendJson } from '@/lib/api-client';
import { MICROFRONTENDS_PATH } from '@/microfrontends/api/microfrontend-keys';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** POST /api/microfrontends: 409 when the slug is taken. */
export async function createMicrofrontend(input: MicrofrontendInput): Promise<Microfrontend> {
  return sendJson<Microfrontend>('POST', MICROFRONTENDS_PATH, input);
}

export function useCreateMicrofrontend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMicrofrontend,
    onSuccess: () => invalidateMicrofrontends(queryClient),
  });
}
