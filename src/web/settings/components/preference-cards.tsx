import type { Settings, SettingsInput } from '@contract/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingsSwitch } from '@/settings/components/settings-switch';

export type Toggle = keyof Pick<SettingsInput, 'emailNotifications' | 'autoScaling' | 'maintenanceMode'>;

type PreferenceCardsProps = {
  /** The saved settings, with a pending change already applied. */
  settings: Pick<Settings, Toggle>;
  disabled: boolean;
  onToggle: (toggle: Toggle, value: boolean) => void;
};

/** Notifications and System Configuration: switches that save as soon as they change. */
export function PreferenceCards({ settings, disabled, onToggle }: PreferenceCardsProps) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>How the platform keeps you informed.</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingsSwitch
            id="settings-emailNotifications"
            label="Email Notifications"
            description="Receive email about resource changes and alerts."
            checked={settings.emailNotifications}
            disabled={disabled}
            onCheckedChange={(value) => onToggle('emailNotifications', value)}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>System Configuration</CardTitle>
          <CardDescription>Platform-wide behaviour.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <SettingsSwitch
            id="settings-autoScaling"
            label="Auto-scaling"
            description="Scale resources automatically with demand."
            checked={settings.autoScaling}
            disabled={disabled}
            onCheckedChange={(value) => onToggle('autoScaling', value)}
          />
          <SettingsSwitch
            id="settings-maintenanceMode"
            label="Maintenance Mode"
            description="Pause every change by non-administrators."
            checked={settings.maintenanceMode}
            disabled={disabled}
            onCheckedChange={(value) => onToggle('maintenanceMode', value)}
          />
        </CardContent>
      </Card>
    </>
  );
}
