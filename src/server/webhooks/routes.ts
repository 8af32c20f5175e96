import { z } from 'zod';
import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import { idParamSchema } from '../../contract/common';
import {
  webhookDeliverySchema,
  webhookInputSchema,
  webhookParamsSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
  type WebhookDelivery,
} from '../../contract/webhooks';
import { conditionalWriteRoutes } from '../auth/conditional-writes';
import { requestActor, requireViewer } from '../auth/guard';
import { signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { withEtag } from '../http/if-match';
import type { ZodApp } from '../http/zod-app';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  manageableRow,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from './service';
import { sendTestEvent, type SendSettings, type Subscription } from './deliveries';
import { redeliver } from './redeliver';

const tags = ['webhooks'];
const path = '/api/webhooks/:webhookId';
/** Signed in; who manages which subscription the service decides (administrators, a tenant's owners and admins). */
const config = { permission: signedIn };
/**
 * Writes need a person: a subscription sends events for as long as it lives, so a token that could make
 * or aim one would leave a channel behind that outlives its revocation (docs/automation.md).
 */
const writeConfig = { ...config, humanOnly: TOKEN_MESSAGES.subscriptions };
const withSecret = { 201: webhookWithSecretSchema, ...errorResponses(400, 401, 403, 404) };

type Deps = { db: Database; settings: SendSettings };

/** Webhook subscriptions and their delivery logs (docs/webhooks.md). */
export function webhookRoutes(app: ZodApp, deps: Deps): void {
  collectionRoutes(app, deps);
  subscriptionRoutes(app, deps);
  secretRoutes(app, deps);
  deliveryRoutes(app, deps);
}

/** The list of the subscriptions one manages, and a new one. */
function collectionRoutes(app: ZodApp, { db, settings }: Deps): void {
  app.get(
    '/api/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'The webhook subscriptions I manage, newest first',
        response: { 200: z.array(webhookSchema), ...errorResponses(401) },
      },
    },
    async (request) => listWebhooks(db, requireViewer(request)),
  );

  app.post(
    '/api/webhooks',
    {
      // The reply carries the secret: never stored for an Idempotency-Key replay (docs/idempotency.md).
      config: { ...writeConfig, idempotency: false },
      schema: {
        tags,
        summary: 'Subscribe a URL to events; the reply is the only time its signing secret is shown',
        body: webhookInputSchema,
        response: withSecret,
      },
    },
    async (request, reply) => {
      const created = await createWebhook(
        db,
        requireViewer(request),
        request.body,
        requestActor(request),
        settings.allowance,
      );
      return reply.status(201).send(withEtag(reply, created));
    },
  );
}

/** One subscription: read, edit, delete (under If-Match). */
function subscriptionRoutes(app: ZodApp, { db, settings }: Deps): void {
  app.get(
    path,
    {
      config,
      schema: {
        tags,
        summary: 'One webhook subscription',
        params: webhookParamsSchema,
        response: { 200: webhookSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await getWebhook(db, requireViewer(request), request.params.webhookId)),
  );

  conditionalWriteRoutes(app, {
    path,
    config: writeConfig,
    tags,
    params: webhookParamsSchema,
    resource: webhookSchema,
    edit: {
      summary: 'Edit a webhook subscription (enabling a paused one resumes it with the event that failed)',
      body: webhookUpdateSchema,
      errors: [400, 401, 404],
      run: (request, actor, expected) =>
        updateWebhook(
          db,
          requireViewer(request),
          request.params.webhookId,
          request.body,
          actor,
          expected,
          settings.allowance,
        ),
    },
    remove: {
      summary: 'Delete a webhook subscription and its delivery log',
      errors: [400, 401, 404],
      run: (request, actor, expected) =>
        deleteWebhook(db, requireViewer(request), request.params.webhookId, actor, expected),
    },
  });
}

/** A new signing secret, shown once. */
function secretRoutes(app: ZodApp, { db }: Deps): void {
  app.post(
    `${path}/rotate-secret`,
    {
      config: { ...writeConfig, idempotency: false },
      schema: {
        tags,
        summary: 'A new signing secret, shown once; the old one also signs for 24 hours',
        params: webhookParamsSchema,
        response: withSecret,
      },
    },
    async (request, reply) => {
      const rotated = await rotateWebhookSecret(
        db,
        requireViewer(request),
        request.params.webhookId,
        requestActor(request),
      );
      return reply.status(201).send(withEtag(reply, rotated));
    },
  );
}

/** A subscription's delivery log, and what one sends from it: a redelivery, a test event. */
function deliveryRoutes(app: ZodApp, deps: Deps): void {
  const { db } = deps;
  app.get(
    `${path}/deliveries`,
    {
      config,
      schema: {
        tags,
        summary: 'The last deliveries of a subscription, newest first',
        params: webhookParamsSchema,
        response: { 200: z.array(webhookDeliverySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listDeliveries(db, requireViewer(request), request.params.webhookId),
  );

  sendRoute(app, deps, {
    url: `${path}/deliveries/:deliveryId/redeliver`,
    summary:
      "Send a logged delivery's event (or an audit stream's batch) again now, with the same webhook-id",
    params: webhookParamsSchema.extend({ deliveryId: idParamSchema }),
    send: (row, params) => redeliver(db, row, params.deliveryId ?? '', deps.settings),
  });
  sendRoute(app, deps, {
    url: `${path}/test`,
    summary: 'Send a webhook.test event now and answer how the receiver took it',
    params: webhookParamsSchema,
    send: (row) => sendTestEvent(db, row, deps.settings),
  });
}

type SendParams = { webhookId: string; deliveryId?: string };

/**
 * A send on one subscription the caller manages (404 for anyone else, as for every read): the row is
 * read, then sent for; the answer is the logged attempt.
 */
function sendRoute(
  app: ZodApp,
  { db }: Deps,
  route: {
    url: string;
    summary: string;
    params: z.ZodType<SendParams>;
    send: (row: Subscription, params: SendParams) => Promise<WebhookDelivery>;
  },
): void {
  app.post(
    route.url,
    {
      config,
      schema: {
        tags,
        summary: route.summary,
        params: route.params,
        response: { 200: webhookDeliverySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await manageableRow(db, requireViewer(request), request.params.webhookId);
      return route.send(row, request.params);
    },
  );
}
