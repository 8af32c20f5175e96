import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { NotificationTemplate } from '@contract/notification-templates';
import type { LiveResource } from '@/concurrency';
import { getJson } from '@/lib/api-client';
import { invalidateWritten } from '@/lib/resource-effects';
import { capabilityKeys } from '@/capabilities/api/capability-keys';

export const TEMPLATES_PATH = '/api/notification-templates';
export const CAPABILITY_TEMPLATES_PATH = `${TEMPLATES_PATH}/capability`;

/** GET /api/notification-templates/capability/{capabilityId}. */
export function getTemplates(capabilityId: string): Promise<NotificationTemplate[]> {
  return getJson<NotificationTemplate[]>(`${CAPABILITY_TEMPLATES_PATH}/${encodeURIComponent(capabilityId)}`);
}

/** GET /api/notification-templates/{id}: one template (404 'Notification template not found'). */
export function getTemplate(id: string): Promise<NotificationTemplate> {
  return getJson<NotificationTemplate>(`${TEMPLATES_PATH}/${encodeURIComponent(id)}`);
}

/** How Edit Template follows its template live (docs/live-console.md). */
export const templateLive: LiveResource<NotificationTemplate> = {
  resourceType: 'notification-template',
  fetchCurrent: getTemplate,
};

export const templatesQueryOptions = (capabilityId: string) =>
  queryOptions({
    queryKey: capabilityKeys.templates(capabilityId),
    queryFn: () => getTemplates(capabilityId),
  });

/** After a template write: what such a write refreshes (src/web/lib/resource-effects.ts). */
export const invalidateTemplates = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'notification-template');

export function useTemplates(capabilityId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...templatesQueryOptions(capabilityId), enabled });
}
