/** What the product itself tells people about (docs/notifications.md). */
export const notificationEvents = [
  'change_request.awaiting_review',
  'change_request.approved',
  'change_request.rejected',
  'change_request.applied',
  'change_request.failed',
  'change_request.rolled_back',
  'rollout.rolled_back',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** The channels the product renders for: e-mail (subject and text) and chat (Slack, Teams: text only). */
export const productChannels = ['email', 'chat'] as const;
export type ProductChannel = (typeof productChannels)[number];

/** The variables every built-in template may use; an override may use any of them too. */
export const notificationVariables = [
  'title',
  'requestId',
  'requester',
  'reviewer',
  'tenant',
  'environment',
  'changeCount',
  'reason',
  'link',
] as const;
export type NotificationVariable = (typeof notificationVariables)[number];

const EVENT_NAMES: ReadonlySet<string> = new Set(notificationEvents);
export const isNotificationEvent = (name: string): name is NotificationEvent => EVENT_NAMES.has(name);
