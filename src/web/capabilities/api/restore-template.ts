import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTemplate } from '@contract/notification-templates';
import { sendJson } from '@/lib/api-client';
import { invalidateTemplates, TEMPLATES_PATH } from '@/capabilities/api/get-templates';

/**
 * POST /api/notification-templates/{id}/restore: the Undo of a delete. The server puts the template back
 * as its delete recorded it (same id and fields); 409 when it exists again.
 */
export async function restoreTemplate(id: string): Promise<NotificationTemplate> {
  return sendJson<NotificationTemplate>('POST', `${TEMPLATES_PATH}/${encodeURIComponent(id)}/restore`);
}

export function useRestoreTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTemplate,
    onSuccess: () => invalidateTemplates(queryClient),
  });
}
