import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTemplate } from '@contract/notification-templates';
import { apiRequest } from '@/lib/api-client';
import { invalidateTemplates, TEMPLATES_PATH } from '@/capabilities/api/get-templates';

/** DELETE /api/notification-templates/{id}. */
export async function deleteTemplate(
  template: Pick<NotificationTemplate, 'id' | 'capabilityId' | 'revision'>,
): Promise<void> {
  await apiRequest('DELETE', `${TEMPLATES_PATH}/${encodeURIComponent(template.id)}`, undefined, {
    ifMatch: template.revision,
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => invalidateTemplates(queryClient),
  });
}
