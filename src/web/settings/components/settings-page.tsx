import type { Settings } from '@contract/settings';
import { useIsAdmin } from '@/auth';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { useSettings } from '@/settings/api/get-settings';
import { useUpdateSettings } from '@/settings/api/update-settings';
import { AccountCard, type AccountChanges } from '@/settings/components/account-card';
import { DangerZoneCard } from '@/settings/components/danger-zone-card';
import { PreferenceCards, type Toggle } from '@/settings/components/preference-cards';
import { notifyError, notifySuccess } from '@/lib/notify';
import { toSettingsInput } from '@/settings/lib/settings-input';

const toggleLabels: Record<Toggle, string> = {
  emailNotifications: 'Email notifications',
  autoScaling: 'Auto-scaling',
  maintenanceMode: 'Maintenance mode',
};

/** /settings: account and system settings, persisted (SPEC.md "Settings"); read-only for non-admins. */
export function SettingsPage() {
  const isAdmin = useIsAdmin();
  const settings = useSettings();

  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Manage your account and system preferences." />
      {settings.isPending && (
        <p aria-busy="true" className="py-8 text-center text-sm text-muted-foreground">
          Loading settings...
        </p>
      )}
      {settings.isError && (
        <ErrorState
          error={settings.error}
          title="Could not load settings"
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data && <SettingsCards settings={settings.data} isAdmin={isAdmin} />}
    </div>
  );
}

function SettingsCards({ settings, isAdmin }: { settings: Settings; isAdmin: boolean }) {
  // One mutation for every card: each PUT carries all fields, so changes never overtake each other.
  const update = useUpdateSettings();
  const shown = update.isPending && update.variables ? { ...settings, ...update.variables } : settings;

  const saveAccount = (changes: AccountChanges, onSaved: () => void) =>
    update.mutate(toSettingsInput(settings, changes), {
      onSuccess: () => {
        notifySuccess('Settings saved', 'Your account information has been updated.');
        onSaved();
      },
      onError: (error) => notifyError(error, 'Failed to save settings.'),
    });

  const toggle = (name: Toggle, value: boolean) =>
    update.mutate(toSettingsInput(settings, { [name]: value }), {
      onSuccess: () => notifySuccess('Settings updated', `${toggleLabels[name]} is ${value ? 'on' : 'off'}.`),
      onError: (error) => notifyError(error, 'Failed to update settings.'),
    });

  return (
    <div className="grid gap-6">
      {!isAdmin && (
        <p className="text-sm text-muted-foreground" data-testid="settings-read-only">
          Only administrators can change settings.
        </p>
      )}
      <AccountCard settings={settings} readOnly={!isAdmin} pending={update.isPending} onSave={saveAccount} />
      <PreferenceCards settings={shown} disabled={!isAdmin || update.isPending} onToggle={toggle} />
      <DangerZoneCard isAdmin={isAdmin} />
    </div>
  );
}
