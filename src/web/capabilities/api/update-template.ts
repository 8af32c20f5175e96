import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTemplate, TemplatePatch } from '@contract/notification-templates';
import { sendJson } from '@/lib/api-client';
import { invalidateTemplates, TEMPLATES_PATH } from '@/capabilities/api/get-templates';

/** PATCH /api/notification-templates/{id}. */
export async function updateTemplate({
  id,
  patch,
  ifMatch,
}: {
  id: string;
  patch: TemplatePatch;
  /** The revision the form loaded; a stale one gets 412. */
  ifMatch?: number;
}): Promise<NotificationTemplate> {
  return sendJson<NotificationTemplate>('PATCH', `${TEMPLATES_PATH}/${encodeURIComponent(id)}`, patch, {
    ifMatch,
  });
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => invalidateTemplates(queryClient),
  });
}
