import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTemplate } from '@contract/notification-templates';
import { apiRequest } from '@/lib/api-client';
import { TEMPLATES_PATH, templatesQueryOptions } from '@/capabilities/api/get-templates';

/**
 * POST /api/notification-templates/{id}/restore: the Undo of a delete. The server puts the template back
 * as its delete recorded it (same id and fields); 409 when it exists again.
 */
export async function restoreTemplate(id: string): Promise<NotificationTemplate> {
  const res = await apiRequest('POST', `${TEMPLATES_PATH}/${encodeURIComponent(id)}/restore`);
  return (await res.json()) as NotificationTemplate;
}

export function useRestoreTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTemplate,
    onSuccess: (template) =>
      queryClient.invalidateQueries({ queryKey: templatesQueryOptions(template.capabilityId).queryKey }),
  });
}
