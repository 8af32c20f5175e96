import { z } from 'zod';
import { revisionSchema } from './common';

/**
 * The e-mail a user gets, per kind (docs/notifications.md, "Preferences"): on unless they opted out.
 * Installation-wide, Settings' "Email Notifications" switch stops every e-mail first.
 */
export const notificationPreferenceKinds = ['awaitingReview', 'myRequests', 'rolloutRolledBack'] as const;
export type NotificationPreferenceKind = (typeof notificationPreferenceKinds)[number];

export const notificationPreferenceLabels: Record<
  NotificationPreferenceKind,
  { label: string; description: string }
> = {
  awaitingReview: {
    label: 'Change requests awaiting my review',
    description: 'When a request you may approve is filed, or waits for approvals again.',
  },
  myRequests: {
    label: 'Outcome of my change requests',
    description: 'When a request you filed is approved, rejected, applied, fails or is rolled back.',
  },
  rolloutRolledBack: {
    label: 'Rollouts rolled back',
    description: 'When a rollout you started, or one for a tenant you own, rolls back.',
  },
};

export const notificationPreferencesInputSchema = z.object({
  awaitingReview: z.boolean(),
  myRequests: z.boolean(),
  rolloutRolledBack: z.boolean(),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

export const notificationPreferencesSchema = notificationPreferencesInputSchema.extend({
  /** 0 until the user first saved theirs (every kind on). */
  revision: revisionSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  awaitingReview: true,
  myRequests: true,
  rolloutRolledBack: true,
  revision: 0,
};

export const NOTIFICATION_PREFERENCES_PATH = '/api/me/notification-preferences';
