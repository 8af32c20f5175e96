import type { NotificationEvent, ProductChannel } from './events';

/** A built-in template: what is sent when administrators have not written their own. */
export interface DefaultTemplate {
  subject: string;
  text: string;
}

const FOOTER = 'You can choose what you are told about in the console under Settings → Notifications.';

/** E-mail: a subject and a plain text body, each ending with the console link. */
const email: Record<NotificationEvent, DefaultTemplate> = {
  'change_request.awaiting_review': {
    subject: 'Review requested: {{title}}',
    text: [
      '{{requester}} asks for a review of a change request for {{tenant}} ({{environment}}):',
      '',
      '  {{title}}',
      '  {{changeCount}} change(s), request {{requestId}}',
      '',
      'You may approve or reject it: {{link}}',
      '',
      FOOTER,
    ].join('\n'),
  },
  'change_request.approved': {
    subject: 'Approved: {{title}}',
    text: outcome('{{reviewer}} approved your change request for {{tenant}} ({{environment}}).'),
  },
  'change_request.rejected': {
    subject: 'Rejected: {{title}}',
    text: outcome(
      '{{reviewer}} rejected your change request for {{tenant}} ({{environment}}).\nReason: {{reason}}',
    ),
  },
  'change_request.applied': {
    subject: 'Applied: {{title}}',
    text: outcome('Your change request for {{tenant}} ({{environment}}) was applied.'),
  },
  'change_request.failed': {
    subject: 'Failed: {{title}}',
    text: outcome(
      'Your change request for {{tenant}} ({{environment}}) failed to apply.\nReason: {{reason}}',
    ),
  },
  'change_request.rolled_back': {
    subject: 'Rolled back: {{title}}',
    text: outcome(
      'Your change request for {{tenant}} ({{environment}}) was rolled back.\nReason: {{reason}}',
    ),
  },
  'rollout.rolled_back': {
    subject: 'Rollout rolled back: {{title}}',
    text: [
      'A rollout for {{tenant}} ({{environment}}) was rolled back:',
      '',
      '  {{title}}',
      '  Reason: {{reason}}',
      '',
      'See it in the console: {{link}}',
      '',
      FOOTER,
    ].join('\n'),
  },
};

function outcome(lead: string): string {
  return [
    lead,
    '',
    '  {{title}}',
    '  {{changeCount}} change(s), request {{requestId}}',
    '',
    'Open it: {{link}}',
    '',
    FOOTER,
  ].join('\n');
}

/** Chat (Slack, Teams): one short message with the link, no subject. */
const chat: Record<NotificationEvent, string> = {
  'change_request.awaiting_review':
    'Review requested by {{requester}}: {{title}} ({{tenant}}, {{environment}}, {{changeCount}} change(s)) {{link}}',
  'change_request.approved': 'Approved by {{reviewer}}: {{title}} ({{tenant}}, {{environment}}) {{link}}',
  'change_request.rejected':
    'Rejected by {{reviewer}}: {{title}} ({{tenant}}, {{environment}}): {{reason}} {{link}}',
  'change_request.applied': 'Applied: {{title}} ({{tenant}}, {{environment}}) {{link}}',
  'change_request.failed': 'Failed to apply: {{title}} ({{tenant}}, {{environment}}): {{reason}} {{link}}',
  'change_request.rolled_back': 'Rolled back: {{title}} ({{tenant}}, {{environment}}): {{reason}} {{link}}',
  'rollout.rolled_back': 'Rollout rolled back: {{title}} ({{tenant}}, {{environment}}): {{reason}} {{link}}',
};

/** The built-in template of an event on a channel. */
export function defaultTemplate(event: NotificationEvent, channel: ProductChannel): DefaultTemplate {
  return channel === 'email' ? email[event] : { subject: '', text: chat[event] };
}
