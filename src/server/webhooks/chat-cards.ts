import type { ChatWebhookKind } from '../../contract/webhooks';

/** A chat message before it is shaped for Slack or Teams: a first line, the text, a link to the console. */
export interface ChatMessage {
  subject: string;
  text: string;
  link: string | null;
}

const OPEN_LABEL = 'Open in console';

/** Slack's mrkdwn treats &, < and > as control characters: they are sent escaped. */
const slackEscaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Slack incoming-webhook body: `text` (what notifications and older clients show) and blocks, a section
 * in mrkdwn and a button opening the console.
 */
export function slackBody({ subject, text, link }: ChatMessage) {
  const lines = [`*${slackEscaped(subject)}*`, slackEscaped(text)].filter((line) => line.length > 2);
  const section = { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } };
  const button = link && {
    type: 'actions',
    elements: [{ type: 'button', text: { type: 'plain_text', text: OPEN_LABEL }, url: link }],
  };
  return {
    text: link ? `${subject}: ${link}` : subject,
    blocks: button ? [section, button] : [section],
  };
}

/**
 * A Microsoft Teams incoming-webhook body: an Adaptive Card in the message envelope that Teams' incoming
 * webhooks and Workflows both take, with an action opening the console.
 */
export function teamsBody({ subject, text, link }: ChatMessage) {
  const textBlock = (value: string, strong: boolean) => ({
    type: 'TextBlock',
    text: value,
    wrap: true,
    ...(strong && { weight: 'Bolder', size: 'Medium' }),
  });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [textBlock(subject, true), ...(text ? [textBlock(text, false)] : [])],
          actions: link ? [{ type: 'Action.OpenUrl', title: OPEN_LABEL, url: link }] : [],
        },
      },
    ],
  };
}

export const chatCardOf = (kind: ChatWebhookKind, message: ChatMessage): object =>
  kind === 'slack' ? slackBody(message) : teamsBody(message);
