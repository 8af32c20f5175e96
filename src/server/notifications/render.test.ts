import { expect, it } from 'vitest';
import { notificationTemplates } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { notificationEvents, notificationVariables } from './events';
import { fill, renderNotification } from './render';

const VARS = {
  title: 'Raise checkout limits',
  requestId: 'cr-42',
  requester: 'alice@acme.io',
  reviewer: 'bob@acme.io',
  tenant: 'Acme',
  environment: 'production',
  changeCount: '3',
  reason: 'Error rate above 5%',
  link: 'https://console.example.com/changes/cr-42',
};

const createTemplate = (body: object) => ({
  method: 'POST' as const,
  url: '/api/notification-templates',
  payload: { capabilityId: 'api-007', language: 'en', ...body },
});

it('fills only the variables given: a name of an object built-in renders empty', () => {
  expect(fill('a{{constructor}}|{{__proto__}}|{{hasOwnProperty}}|{{title}}', { title: 'T' })).toBe('a|||T');
});

describeApi(
  'notification templates of the product',
  (ctx) => {
    it('renders the built-in e-mail of every event with its variables, nothing left unfilled', async () => {
      for (const event of notificationEvents) {
        const { subject, text } = await renderNotification(ctx().db, { event, channel: 'email', vars: VARS });
        expect(subject, event).toContain(VARS.title);
        expect(text, event).toContain(VARS.link);
        expect(`${subject}\n${text}`, event).not.toMatch(/\{\{|\}\}/);
      }
      const review = await renderNotification(ctx().db, {
        event: 'change_request.awaiting_review',
        channel: 'email',
        vars: VARS,
      });
      expect(review.subject).toBe('Review requested: Raise checkout limits');
      expect(review.text).toContain(
        'alice@acme.io asks for a review of a change request for Acme (production)',
      );
      expect(review.text).toContain('3 change(s), request cr-42');
    });

    it('renders chat without a subject', async () => {
      const chat = await renderNotification(ctx().db, {
        event: 'change_request.rejected',
        channel: 'chat',
        vars: VARS,
      });
      expect(chat.subject).toBe('');
      expect(chat.text).toBe(
        'Rejected by bob@acme.io: Raise checkout limits (Acme, production): Error rate above 5% https://console.example.com/changes/cr-42',
      );
    });

    it('uses an active English template named as the event on its channel over the built-in one', async () => {
      const res = await ctx().inject(
        createTemplate({
          name: 'change_request.approved',
          deliveryChannel: 'email',
          subject: 'OK for {{title}}',
          content: '{{reviewer}} said yes. {{link}}',
          variables: ['title', 'reviewer', 'link'],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const input = { event: 'change_request.approved' as const, channel: 'email' as const, vars: VARS };
      expect(await renderNotification(ctx().db, input)).toEqual({
        subject: 'OK for Raise checkout limits',
        text: 'bob@acme.io said yes. https://console.example.com/changes/cr-42',
      });
      // Another language, another channel or an inactive one does not count.
      await ctx()
        .db.insert(notificationTemplates)
        .values([
          {
            capabilityId: 'api-007',
            name: 'change_request.applied',
            language: 'es',
            deliveryChannel: 'email',
            subject: 'Hecho',
            content: 'Hecho',
          },
          {
            capabilityId: 'api-007',
            name: 'change_request.applied',
            language: 'en',
            deliveryChannel: 'sms',
            content: 'Done',
          },
          {
            capabilityId: 'api-007',
            name: 'change_request.applied',
            language: 'en',
            deliveryChannel: 'email',
            subject: 'Off',
            content: 'Off',
            status: 'inactive',
          },
        ]);
      const applied = await renderNotification(ctx().db, { ...input, event: 'change_request.applied' });
      expect(applied.subject).toBe('Applied: Raise checkout limits');
      // The chat channel has its own override, saved without a subject.
      const chat = await ctx().inject(
        createTemplate({
          name: 'change_request.approved',
          deliveryChannel: 'chat',
          subject: 'ignored',
          content: ':white_check_mark: {{title}}',
          variables: ['title'],
        }),
      );
      expect(chat.statusCode, chat.body).toBe(201);
      expect(chat.json()).toMatchObject({ deliveryChannel: 'chat', subject: null });
      expect(await renderNotification(ctx().db, { ...input, channel: 'chat' })).toEqual({
        subject: '',
        text: ':white_check_mark: Raise checkout limits',
      });
    });

    it('leaves a variable it has no value for empty, and keeps a subject on one line', async () => {
      await ctx()
        .db.insert(notificationTemplates)
        .values({
          capabilityId: 'api-007',
          name: 'change_request.failed',
          language: 'en',
          deliveryChannel: 'email',
          subject: '{{title}} {{ticket}}',
          content: 'Ticket: [{{ticket}}] {{ reason }}',
          variables: ['title', 'ticket', 'reason'],
        });
      const { subject, text } = await renderNotification(ctx().db, {
        event: 'change_request.failed',
        channel: 'email',
        vars: { ...VARS, title: 'Two\r\nlines' },
      });
      expect(subject).toBe('Two lines');
      expect(text).toBe('Ticket: [] Error rate above 5%');
    });

    it('documents its variables', () => {
      expect(notificationVariables).toEqual(Object.keys(VARS));
    });
  },
  insertFixtures,
);
