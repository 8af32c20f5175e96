import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationTemplate, TemplateInput } from '@contract/notification-templates';
import { sendJson } from '@/lib/api-client';
import { invalidateTemplates, TEMPLATES_PATH } from '@/capabilities/api/get-templates';

/** POST /api/notification-templates. */
export async function createTemplate(input: TemplateInput): Promise<NotificationTemplate> {
  return sendJson<NotificationTemplate>('POST', TEMPLATES_PATH, input);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => invalidateTemplates(queryClient),
  });
}
