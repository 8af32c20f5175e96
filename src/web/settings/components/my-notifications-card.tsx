import type { NotificationPreferenceKind, NotificationPreferences } from '@contract/notification-preferences';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/error-state';
import { notifyError, notifySuccess } from '@/components/notify';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '@/settings/api/notification-preferences';
import { SettingsSwitch } from '@/settings/components/settings-switch';

const KINDS: { kind: NotificationPreferenceKind; label: string; description: string }[] = [
  {
    kind: 'awaitingReview',
    label: 'Change requests awaiting my review',
    description: 'When a request you may approve is filed, or waits for approvals again.',
  },
  {
    kind: 'myRequests',
    label: 'Outcome of my change requests',
    description: 'When a request you filed is approved, rejected, applied, fails or is rolled back.',
  },
  {
    kind: 'rolloutRolledBack',
    label: 'Rollouts rolled back',
    description: 'When a rollout you started, or one for a tenant you own, rolls back.',
  },
];

/**
 * Settings → Notifications, for the signed-in user: which e-mail they get, each switch saved at once
 * (docs/notifications.md, "Preferences"). The installation-wide switch above stops all e-mail first.
 */
export function MyNotificationsCard({ emailOn }: { emailOn: boolean }) {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const shown: NotificationPreferences | undefined =
    update.isPending && preferences.data
      ? { ...preferences.data, ...update.variables.input }
      : preferences.data;

  const toggle = (saved: NotificationPreferences, kind: NotificationPreferenceKind, value: boolean) => {
    const { revision, ...input } = saved;
    const label = KINDS.find((k) => k.kind === kind)?.label ?? kind;
    update.mutate(
      { input: { ...input, [kind]: value }, ifMatch: revision },
      {
        onSuccess: () => notifySuccess('Notifications updated', `${label}: e-mail ${value ? 'on' : 'off'}.`),
        onError: (error) => notifyError(error, 'Failed to update your notifications.'),
      },
    );
  };

  return (
    <Card data-testid="my-notifications-card">
      <CardHeader>
        <CardTitle>My e-mail notifications</CardTitle>
        <CardDescription>
          {emailOn
            ? 'Which e-mail you get, sent to the address of your account.'
            : 'E-mail notifications are switched off for everyone; your choices apply once they are on.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {preferences.isPending && (
          <p aria-busy="true" className="text-sm text-muted-foreground">
            Loading your notifications...
          </p>
        )}
        {preferences.isError && (
          <ErrorState
            error={preferences.error}
            title="Could not load your notifications"
            onRetry={() => void preferences.refetch()}
          />
        )}
        {preferences.data &&
          shown &&
          KINDS.map(({ kind, label, description }) => (
            <SettingsSwitch
              key={kind}
              id={`my-notifications-${kind}`}
              label={label}
              description={description}
              checked={shown[kind]}
              disabled={update.isPending}
              onCheckedChange={(value) => preferences.data && toggle(preferences.data, kind, value)}
            />
          ))}
      </CardContent>
    </Card>
  );
}
