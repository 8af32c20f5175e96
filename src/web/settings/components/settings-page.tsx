import type { Settings } from '@contract/settings';
import { useState } from 'react';
import { useIsAdmin } from '@/auth';
import { ApprovalPolicyCard } from '@/changes';
import { ConfigAsCodeCard } from '@/config-as-code';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ConflictAlert } from '@/concurrency';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { useSettings } from '@/settings/api/get-settings';
import { AccountCard, type AccountChanges } from '@/settings/components/account-card';
import { ApiAccessCard } from '@/settings/components/api-access-card';
import { DangerZoneCard } from '@/settings/components/danger-zone-card';
import { MyNotificationsCard } from '@/settings/components/my-notifications-card';
import { PreferenceCards, type Toggle } from '@/settings/components/preference-cards';
import { SsoSettingsCard } from '@/settings/components/sso-settings-card';
import { notifySuccess } from '@/components/notify';
import { toSettingsInput } from '@/settings/lib/settings-input';
import { useSettingsSave } from '@/settings/lib/use-settings-save';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { WebhooksCard } from '@/webhooks';

const toggleLabels: Record<Toggle, string> = {
  emailNotifications: 'Email notifications',
  autoScaling: 'Auto-scaling',
  maintenanceMode: 'Maintenance mode',
  requireProductionHealthChecks: 'Health checks required in production',
};

/**
 * /settings: account and system settings, persisted (docs/product.md, Settings); read-only for
 * non-admins.
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
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

/**
 * A switch saves at once, with its toast. Maintenance mode stops every non-administrator's changes at
 * once: turning it on asks first; turning it off (the way back) does not.
 */
function useToggleSave(settings: Settings, put: ReturnType<typeof useSettingsSave>['put']) {
  const [confirmingMaintenance, setConfirmingMaintenance] = useState(false);
  const save = (name: Toggle, value: boolean, settled?: () => void) =>
    put(
      toSettingsInput(settings, { [name]: value }),
      () => {
        settled?.();
        notifySuccess('Settings updated', `${toggleLabels[name]} is ${value ? 'on' : 'off'}.`);
      },
      'Failed to update settings.',
      settled,
    );
  return {
    toggle: (name: Toggle, value: boolean) =>
      name === 'maintenanceMode' && value ? setConfirmingMaintenance(true) : save(name, value),
    confirmingMaintenance,
    confirmMaintenance: () => save('maintenanceMode', true, () => setConfirmingMaintenance(false)),
    cancelMaintenance: () => setConfirmingMaintenance(false),
  };
}

function SettingsCards({ settings, isAdmin }: { settings: Settings; isAdmin: boolean }) {
  const { update, conflict, put, retry } = useSettingsSave(settings, {
    ...toggleLabels,
    accountEmail: 'Email',
    organization: 'Organization',
  });
  const shown = update.isPending && update.variables ? { ...settings, ...update.variables.input } : settings;

  const saveAccount = (changes: AccountChanges, onSaved: () => void) =>
    put(
      toSettingsInput(settings, changes),
      () => {
        notifySuccess('Settings saved', 'Your account information has been updated.');
        onSaved();
      },
      'Failed to save settings.',
    );

  const toggles = useToggleSave(settings, put);

  return (
    <div className="grid gap-6">
      {!isAdmin && (
        <p className="text-sm text-muted-foreground" data-testid="settings-read-only">
          Only administrators can change settings.
        </p>
      )}
      <ConflictAlert
        save={conflict}
        onOverwrite={() =>
          retry(
            () => notifySuccess('Settings saved', 'Your settings overwrote theirs.'),
            'Failed to save settings.',
          )
        }
      />
      <AccountCard settings={settings} readOnly={!isAdmin} pending={update.isPending} onSave={saveAccount} />
      <ApiAccessCard />
      <WebhooksCard />
      <PreferenceCards settings={shown} disabled={!isAdmin || update.isPending} onToggle={toggles.toggle} />
      <MyNotificationsCard emailOn={shown.emailNotifications} />
      <ApprovalPolicyCard tenantId={null} />
      {isAdmin && <ConfigAsCodeCard />}
      {isAdmin && <SsoSettingsCard />}
      <DangerZoneCard isAdmin={isAdmin} />
      <ConfirmDialog
        open={toggles.confirmingMaintenance}
        title="Turn on maintenance mode and pause every change?"
        description="While maintenance mode is on, every change by a non-administrator is refused until an administrator turns it off again. Administrators can still make changes."
        pending={update.isPending}
        onConfirm={toggles.confirmMaintenance}
        onClose={toggles.cancelMaintenance}
        confirmLabel="Turn on maintenance mode"
        pendingLabel="Turning on..."
      />
    </div>
  );
}
