import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '@contract/notification-preferences';
import { getJson, sendJson } from '@/lib/api-client';

export const NOTIFICATION_PREFERENCES_PATH = '/api/me/notification-preferences';

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: [NOTIFICATION_PREFERENCES_PATH],
    queryFn: () => getJson<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH),
  });

/** GET: the signed-in user's e-mail preferences (every kind on until first saved). */
export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/** PUT under If-Match of the revision shown: a save from another tab in between gets 412. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, ifMatch }: { input: NotificationPreferencesInput; ifMatch: number }) =>
      sendJson<NotificationPreferences>('PUT', NOTIFICATION_PREFERENCES_PATH, input, { ifMatch }),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, saved),
    // A refused save (412 included) shows what is saved now.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryOptions().queryKey }),
  });
}
