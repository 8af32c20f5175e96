import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings, SettingsInput } from '@contract/settings';
import { sendJson } from '@/lib/api-client';
import { SETTINGS_PATH, settingsQueryOptions } from '@/settings/api/get-settings';

/** PUT /api/settings (administrators): replaces every field. */
export async function updateSettings({
  input,
  ifMatch,
}: {
  input: SettingsInput;
  /** The revision the page loaded; a stale one gets 412 instead of reverting someone's change. */
  ifMatch?: number;
}): Promise<Settings> {
  return sendJson<Settings>('PUT', SETTINGS_PATH, input, { ifMatch });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // The banner in the shell reads the same query, so it follows at once.
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryOptions().queryKey, settings),
  });
}
