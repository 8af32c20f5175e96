import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: the maintenance banner loads this module with the shell, without zod.
import type { Settings } from '@contract/settings';
import { getJson } from '@/lib/api-client';

export const SETTINGS_PATH = '/api/settings';

/** GET /api/settings (signed in): the defaults until an administrator first saves. */
export function getSettings(): Promise<Settings> {
  return getJson<Settings>(SETTINGS_PATH);
}

export const settingsQueryOptions = () => queryOptions({ queryKey: [SETTINGS_PATH], queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
