import { expect, it } from 'vitest';
import { slackBody, teamsBody } from './chat-cards';

const message = {
  text: 'Review requested: Fix [Approve here](https://evil.example/p) <!channel> & more',
  link: 'https://console.example.com/changes/1',
};

it('sends a title to Teams as text, never as a Markdown link with a hidden address', () => {
  const [block] = teamsBody(message).attachments[0]?.content.body ?? [];
  expect(block?.text).not.toContain('](');
  expect(block?.text).toContain('https://evil.example/p');
  expect(block?.text.replace(/\u200b/g, '')).toBe(message.text);
});

it('escapes what Slack reads as a link or a mention', () => {
  const body = slackBody(message);
  expect(body.text).toBe(
    'Review requested: Fix [Approve here](https://evil.example/p) &lt;!channel&gt; &amp; more',
  );
});
