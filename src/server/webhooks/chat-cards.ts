import type { ChatWebhookKind } from '../../contract/webhooks';

/** A chat message before it is shaped for Slack or Teams: its text (chat has no subject) and a link to the console. */
export interface ChatMessage {
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
export function slackBody({ text, link }: ChatMessage) {
  const section = { type: 'section', text: { type: 'mrkdwn', text: slackEscaped(text) } };
  const button = link && {
    type: 'actions',
    elements: [{ type: 'button', text: { type: 'plain_text', text: OPEN_LABEL }, url: link }],
  };
  return { text: slackEscaped(text), blocks: button ? [section, button] : [section] };
}

/**
 * Teams renders a TextBlock's Markdown, so `[label](url)` in a title or a reason would show a link whose
 * address the reader does not see. A zero-width space between `]` and `(` leaves the text as written and
 * makes it no link; a bare address still shows itself. The console link is the card's action.
 */
const teamsText = (text: string) => text.replace(/\]\(/g, ']\u200b(');

/**
 * A Microsoft Teams incoming-webhook body: an Adaptive Card in the message envelope that Teams' incoming
 * webhooks and Workflows both take, with an action opening the console.
 */
export function teamsBody({ text, link }: ChatMessage) {
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
          body: [{ type: 'TextBlock', text: teamsText(text), wrap: true }],
          actions: link ? [{ type: 'Action.OpenUrl', title: OPEN_LABEL, url: link }] : [],
        },
      },
    ],
  };
}

export const chatCardOf = (kind: ChatWebhookKind, message: ChatMessage): object =>
  kind === 'slack' ? slackBody(message) : teamsBody(message);
