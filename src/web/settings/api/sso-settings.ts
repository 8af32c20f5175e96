import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoSettings, SsoSettingsInput } from '@contract/sso';
import { getJson, sendJson } from '@/lib/api-client';

export const SSO_SETTINGS_PATH = '/api/settings/sso';

/** GET /api/settings/sso (global administrators): the group claim, JIT provisioning and the group rules. */
export function getSsoSettings(): Promise<SsoSettings> {
  return getJson<SsoSettings>(SSO_SETTINGS_PATH);
}

export const ssoSettingsQueryOptions = () =>
  queryOptions({ queryKey: [SSO_SETTINGS_PATH], queryFn: getSsoSettings });

export function useSsoSettings() {
  return useQuery(ssoSettingsQueryOptions());
}

/** PUT /api/settings/sso: replaces every field; `ifMatch` is the revision loaded (a stale one gets 412). */
export async function updateSsoSettings({
  input,
  ifMatch,
}: {
  input: SsoSettingsInput;
  ifMatch?: number;
}): Promise<SsoSettings> {
  return sendJson<SsoSettings>('PUT', SSO_SETTINGS_PATH, input, { ifMatch });
}

export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSsoSettings,
    onSuccess: (saved) => queryClient.setQueryData(ssoSettingsQueryOptions().queryKey, saved),
  });
}
