import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { changeRequests } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, productionConfigurationChange } from '../test/change-requests';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { TEST_SEND, webhookTestKit } from '../test/webhook-kit';

interface SlackBody {
  text: string;
  blocks: { type: string; text?: { type: string; text: string }; elements?: { url: string }[] }[];
}
interface TeamsBody {
  type: string;
  attachments: {
    contentType: string;
    content: { type: string; body: { text: string }[]; actions: { type: string; url: string }[] };
  }[];
}

describeApi(
  'Slack and Teams subscriptions',
  (ctx) => {
    const { receiver, passUntil, subscribe } = webhookTestKit(ctx);
    /** A Slack and a Teams subscription to filed requests, each at its own path of the receiver. */
    const subscribeBoth = async (eventTypes: string[]) => {
      for (const kind of ['slack', 'teams']) {
        const { res, hook } = await subscribe({ kind, eventTypes, url: receiver().url(`/${kind}`) });
        expect(res.statusCode, res.body).toBe(201);
        expect(hook.kind).toBe(kind);
      }
    };
    const fileRequest = async () => {
      const id = await changeRequestClient(ctx).request(productionConfigurationChange('{"limit":7}'));
      const [request] = await ctx().db.select().from(changeRequests).where(eq(changeRequests.id, id));
      if (!request) throw new Error('no request');
      return request;
    };

    it('posts a filed request to Slack and Teams as the chat notification, with a link to it', async () => {
      await subscribeBoth(['change_request.filed']);
      const request = await fileRequest();
      expect(await passUntil(() => receiver().received().length >= 2)).toBe(true);
      const link = `http://console.test/changes/${request.id}`;
      const [first, second] = receiver().received();
      const bodies = [first, second].map((r) => JSON.parse(r?.body ?? '{}') as SlackBody & TeamsBody);
      const slackBody = bodies.find((b) => 'blocks' in b);
      const teamsBody = bodies.find((b) => 'attachments' in b);
      expect(first?.headers['content-type']).toBe('application/json');

      expect(slackBody?.text).toContain(request.title);
      expect(slackBody?.text).toContain(link);
      expect(slackBody?.blocks[0]).toEqual({
        type: 'section',
        text: { type: 'mrkdwn', text: slackBody?.text },
      });
      expect(slackBody?.blocks[1]).toMatchObject({
        type: 'actions',
        elements: [{ type: 'button', text: { text: 'Open in console' }, url: link }],
      });

      expect(teamsBody).toMatchObject({
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            content: {
              type: 'AdaptiveCard',
              actions: [{ type: 'Action.OpenUrl', title: 'Open in console', url: link }],
            },
          },
        ],
      });
      expect(teamsBody?.attachments[0]?.content.body[0]?.text).toBe(slackBody?.text);
    });

    it("sends an administrator's chat template for the event", async () => {
      const template = await ctx().inject({
        method: 'POST',
        url: '/api/notification-templates',
        payload: {
          capabilityId: 'api-007',
          language: 'en',
          name: 'change_request.awaiting_review',
          deliveryChannel: 'chat',
          content: 'Review <please>: {{title}} ({{changeCount}} change) by {{requester}} {{link}}',
          variables: ['title', 'changeCount', 'requester', 'link'],
        },
      });
      expect(template.statusCode, template.body).toBe(201);
      await subscribeBoth(['change_request.filed']);
      const request = await fileRequest();
      expect(await passUntil(() => receiver().received().length >= 2)).toBe(true);
      const expected = `Review <please>: ${request.title} (1 change) by ${request.requestedBy} http://console.test/changes/${request.id}`;
      const texts = receiver()
        .received()
        .map((r) => {
          const body = JSON.parse(r.body) as Partial<SlackBody & TeamsBody>;
          return body.blocks ? body.text : body.attachments?.[0]?.content.body[0]?.text;
        });
      // Slack's mrkdwn takes <, > and & escaped; Teams' card takes the text as it is.
      expect(texts.sort()).toEqual([expected, expected.replace('<please>', '&lt;please&gt;')].sort());
    });

    it('sends any other event as a built-in line, and a test message in its own shape', async () => {
      const { hook } = await subscribe({ kind: 'slack', eventTypes: ['audit.tenant.update'] });
      await ctx().inject({
        method: 'PATCH',
        url: '/api/tenants/tenant-001',
        payload: { description: 'Chat' },
      });
      expect(await passUntil(() => receiver().received().length >= 1)).toBe(true);
      const line = JSON.parse(receiver().received()[0]?.body ?? '{}') as SlackBody;
      expect(line.text).toBe(
        'test-admin@example.com: tenant.update on tenant tenant-001 (tenant tenant-001)',
      );
      expect(line.blocks[1]?.elements?.[0]?.url).toBe('http://console.test/tenant/tenant-001/control-plane');

      const sent = await ctx().inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
      expect(sent.json()).toMatchObject({ ok: true, eventType: 'webhook.test' });
      const test = JSON.parse(receiver().received().at(-1)?.body ?? '{}') as SlackBody;
      expect(test.text).toBe(`Test message from the console (webhook ${hook.id})`);
    });
  },
  insertFixturesWithoutApprovals,
  () => ({ webhooks: TEST_SEND }),
);
