import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTemplate, TemplateInput } from '@contract/notification-templates';
import { apiRequest } from '@/lib/api-client';
import { TEMPLATES_PATH, templatesQueryOptions } from '@/capabilities/api/get-templates';

/** POST /api/notification-templates. */
export async function createTemplate(input: TemplateInput): Promise<NotificationTemplate> {
  const res = await apiRequest('POST', TEMPLATES_PATH, input);
  return (await res.json()) as NotificationTemplate;
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: (template) =>
      queryClient.invalidateQueries({ queryKey: templatesQueryOptions(template.capabilityId).queryKey }),
  });
}
