import { z } from 'zod';
import { revisionSchema } from './common';

/**
 * The e-mail a user gets, per kind (docs/notifications.md, "Preferences"): on unless they opted out.
 * Installation-wide, Settings' "Email Notifications" switch stops every e-mail first.
 */
export const notificationPreferenceKinds = ['awaitingReview', 'myRequests', 'rolloutRolledBack'] as const;
export type NotificationPreferenceKind = (typeof notificationPreferenceKinds)[number];

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
