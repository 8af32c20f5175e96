import type { Settings } from '@contract/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingsSwitch } from '@/settings/components/settings-switch';

export type Toggle = keyof Pick<
  Settings,
  'emailNotifications' | 'autoScaling' | 'maintenanceMode' | 'requireProductionHealthChecks'
>;

type PreferenceCardsProps = {
  /** The saved settings, with a pending change already applied. */
  settings: Pick<Settings, Toggle>;
  disabled: boolean;
  onToggle: (toggle: Toggle, value: boolean) => void;
};

type PreferenceCardProps = PreferenceCardsProps & {
  title: string;
  description: string;
  toggles: { toggle: Toggle; label: string; description: string }[];
};

function PreferenceCard({ title, description, toggles, settings, disabled, onToggle }: PreferenceCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={toggles.length > 1 ? 'space-y-6' : undefined}>
        {toggles.map(({ toggle, ...text }) => (
          <SettingsSwitch
            key={toggle}
            id={`settings-${toggle}`}
            {...text}
            checked={settings[toggle]}
            disabled={disabled}
            onCheckedChange={(value) => onToggle(toggle, value)}
          />
        ))}
      </CardContent>
    </Card>
  );
}

/** Notifications and System Configuration: switches that save as soon as they change. */
export function PreferenceCards(props: PreferenceCardsProps) {
  return (
    <>
      <PreferenceCard
        {...props}
        title="Notifications"
        description="How the platform keeps you informed."
        toggles={[
          {
            toggle: 'emailNotifications',
            label: 'Email Notifications',
            description:
              'E-mail to reviewers and requesters about change requests and rollouts; off, no one gets any.',
          },
        ]}
      />
      <PreferenceCard
        {...props}
        title="System Configuration"
        description="Platform-wide behaviour."
        toggles={[
          {
            toggle: 'autoScaling',
            label: 'Auto-scaling',
            description: 'Scale resources automatically with demand.',
          },
          {
            toggle: 'maintenanceMode',
            label: 'Maintenance Mode',
            description: 'Pause every change by non-administrators.',
          },
          {
            toggle: 'requireProductionHealthChecks',
            label: 'Require Health Checks in Production',
            description: 'Refuse a production switch to a slot that has no health check.',
          },
        ]}
      />
    </>
  );
}
