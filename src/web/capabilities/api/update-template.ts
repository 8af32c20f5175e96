import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTemplate, TemplatePatch } from '@contract/notification-templates';
import { apiRequest } from '@/lib/api-client';
import { TEMPLATES_PATH, templatesQueryOptions } from '@/capabilities/api/get-templates';

/** PATCH /api/notification-templates/{id}. */
export async function updateTemplate({
  id,
  patch,
}: {
  id: string;
  patch: TemplatePatch;
}): Promise<NotificationTemplate> {
  const res = await apiRequest('PATCH', `${TEMPLATES_PATH}/${encodeURIComponent(id)}`, patch);
  return (await res.json()) as NotificationTemplate;
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: (template) =>
      queryClient.invalidateQueries({ queryKey: templatesQueryOptions(template.capabilityId).queryKey }),
  });
}
