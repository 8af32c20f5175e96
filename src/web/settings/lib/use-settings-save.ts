import type { Settings, SettingsInput } from '@contract/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { notifyError } from '@/components/notify';
import { useConflictAwareSave, type FormLike } from '@/concurrency';
import { settingsQueryOptions } from '@/settings/api/get-settings';
import { useUpdateSettings } from '@/settings/api/update-settings';
import { toSettingsInput } from '@/settings/lib/settings-input';

/**
 * Every settings card saves through this: one mutation, so changes never overtake each other (each PUT
 * carries all fields), with the conflict-aware revision. `put` sends a whole input; `retry` resends the
 * save a conflict refused.
 */
export function useSettingsSave(settings: Settings, labels: Partial<Record<keyof SettingsInput, string>>) {
  const update = useUpdateSettings();
  const queryClient = useQueryClient();

  // The switches save at once, so the "form" is the last save tried. Reloading after a conflict shows
  // their version (a switch has no typed text to keep); overwriting resends the save that was refused.
  const attempt = useRef<SettingsInput | null>(null);
  const form: FormLike<SettingsInput> = {
    getValues: () => attempt.current ?? toSettingsInput(settings),
    reset: (theirs) => {
      attempt.current = null;
      queryClient.setQueryData(settingsQueryOptions().queryKey, { ...settings, ...theirs });
    },
    setValue: () => undefined,
  };
  const conflict = useConflictAwareSave({
    form,
    resource: settings,
    toFormValues: (s: Settings) => toSettingsInput(s),
    what: 'settings',
    labels,
  });

  const put = (input: SettingsInput, success: () => void, fallback: string, failed?: () => void) => {
    attempt.current = input;
    update.mutate(
      { input, ifMatch: conflict.revision() },
      {
        onSuccess: (saved) => {
          conflict.saved(saved);
          attempt.current = null;
          success();
        },
        onError: (error) => {
          failed?.();
          if (!conflict.handleError(error)) notifyError(error, fallback);
        },
      },
    );
  };
  const retry = (success: () => void, fallback: string) => {
    if (attempt.current) put(attempt.current, success, fallback);
  };

  return { update, conflict, put, retry };
}
