import { z } from 'zod';
import { environmentSchema, httpUrl, idParamSchema, revisionSchema, timestampSchema } from './common';
import { isOneOf } from './sets';

/**
 * Webhooks (docs/webhooks.md): what happened in the console, sent to a receiver's URL as it commits,
 * signed per the Standard Webhooks specification.
 */

/**
 * What a subscription sends (docs/webhooks.md, "Kinds"), chosen at creation: signed JSON per event, a
 * Slack or Microsoft Teams message per event, or every audit event as stored (administrators only).
 */
export const webhookKinds = ['webhook', 'slack', 'teams', 'audit_stream'] as const;
export type WebhookKind = (typeof webhookKinds)[number];
export const chatWebhookKinds = ['slack', 'teams'] as const satisfies readonly WebhookKind[];
export type ChatWebhookKind = (typeof chatWebhookKinds)[number];

/** An audit stream's body: JSON lines (one audit row per line) or CEF (one line per event). */
export const auditStreamFormats = ['ndjson', 'cef'] as const;
export type AuditStreamFormat = (typeof auditStreamFormats)[number];

/** The named events; every audit action is also its own event type, `audit.<action>`. */
export const namedWebhookEventTypes = [
  'change_request.filed',
  'change_request.approved',
  'change_request.rejected',
  'change_request.applied',
  'change_request.failed',
  'change_request.rolled_back',
  'rollout.started',
  'rollout.stepped',
  'rollout.completed',
  'rollout.rolled_back',
  'deployment.health_changed',
  'drift.detected',
] as const;
export type NamedWebhookEventType = (typeof namedWebhookEventTypes)[number];

/** The audit action each named event is, as the trail records it. */
export const namedEventActions: Record<NamedWebhookEventType, string> = {
  'change_request.filed': 'change_request.create',
  'change_request.approved': 'change_request.approve',
  'change_request.rejected': 'change_request.reject',
  'change_request.applied': 'change_request.apply',
  'change_request.failed': 'change_request.fail',
  'change_request.rolled_back': 'change_request.revert',
  'rollout.started': 'deployment.rollout_started',
  'rollout.stepped': 'deployment.rollout_step',
  'rollout.completed': 'deployment.rollout_completed',
  'rollout.rolled_back': 'deployment.rollout_rolled_back',
  'deployment.health_changed': 'deployment.health',
  'drift.detected': 'git_link.drift_detected',
};

/** The type of the event "Send test event" sends: never one of the trail's. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every event: the one type a subscription may name to receive all it may see. */
export const ALL_WEBHOOK_EVENTS = '*';
export const AUDIT_EVENT_PREFIX = 'audit.';
export const MAX_WEBHOOK_EVENT_TYPES = 50;
/** A failing event is retried for this long, then the subscription pauses and its owner is told. */
export const WEBHOOK_RETRY_HOURS = 24;
/** After a rotation, the old secret keeps signing alongside the new one for this long. */
export const WEBHOOK_SECRET_GRACE_HOURS = 24;
/** The start of a receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_BODY_LIMIT = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** WEBHOOK_TIMEOUT's default: a receiver has 10 s to answer. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

const eventTypeSchema = z
  .string()
  .trim()
  .max(200)
  .refine(
    (type) =>
      type === ALL_WEBHOOK_EVENTS ||
      isOneOf(namedWebhookEventTypes, type) ||
      /^audit\.[a-z_]+(\.[a-z_]+)+$/.test(type),
    `Must be "*", a named event type (${namedWebhookEventTypes.join(', ')}) or audit.<action>`,
  );

/** A subscription's editable fields as sent; the defaults of a new one are added below, never to an edit. */
const webhookFields = {
  url: httpUrl,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX),
  eventTypes: z
    .array(eventTypeSchema)
    .min(1, 'Choose at least one event type')
    .max(MAX_WEBHOOK_EVENT_TYPES)
    .transform((types) => [...new Set(types)].sort()),
  /** Only events of these environments; null: every event. */
  environments: z
    .array(environmentSchema)
    .min(1)
    .transform((list) => [...new Set(list)].sort())
    .nullable(),
  enabled: z.boolean(),
};

/** What an audit stream may not have: it receives every event, of the whole platform (docs/webhooks.md). */
function checkKindFields(
  input: {
    kind: WebhookKind;
    eventTypes?: string[];
    environments: unknown;
    tenantId: unknown;
    format?: unknown;
  },
  context: z.RefinementCtx,
) {
  const refuse = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (input.kind === 'audit_stream') {
    if (input.tenantId !== null) refuse('tenantId', 'An audit stream is platform-wide: no tenant');
    if (input.environments !== null) refuse('environments', 'An audit stream receives every environment');
    const types = input.eventTypes;
    if (types !== undefined && (types.length !== 1 || types[0] !== ALL_WEBHOOK_EVENTS))
      refuse('eventTypes', 'An audit stream receives every event type');
    return;
  }
  if (input.eventTypes === undefined) refuse('eventTypes', 'Choose at least one event type');
  if (input.format != null) refuse('format', 'Only an audit stream has a format');
}

export const webhookInputSchema = z
  .object({
    kind: z.enum(webhookKinds).default('webhook'),
    ...webhookFields,
    /** Required, except for an audit stream (every event). */
    eventTypes: webhookFields.eventTypes.optional(),
    description: webhookFields.description.default(''),
    environments: webhookFields.environments.default(null),
    /** Only this tenant's events; null: every event the owner may see (administrators only). */
    tenantId: idParamSchema.nullable().default(null),
    enabled: webhookFields.enabled.default(true),
    /** An audit stream's body: JSON lines (the default) or CEF. */
    format: z.enum(auditStreamFormats).nullable().optional(),
  })
  .superRefine(checkKindFields)
  .transform(({ eventTypes, format, ...input }) => ({
    ...input,
    eventTypes: eventTypes ?? [ALL_WEBHOOK_EVENTS],
    format: input.kind === 'audit_stream' ? (format ?? 'ndjson') : null,
  }));
export type WebhookInput = z.input<typeof webhookInputSchema>;

/**
 * An edit: only the fields given change (no defaults here). Its kind, tenant and format are fixed at
 * creation: naming one is a 400, not a success that changed nothing.
 */
export const webhookUpdateSchema = z.object(webhookFields).partial().strict();
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  kind: z.enum(webhookKinds),
  /** An audit stream's format; null for the other kinds. */
  format: z.enum(auditStreamFormats).nullable(),
  tenantId: z.string().nullable(),
  ownerId: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  environments: z.array(environmentSchema).nullable(),
  enabled: z.boolean(),
  /** Set when retries ran out; enabling it again resumes from the event that failed. */
  pausedAt: timestampSchema.nullable(),
  pausedReason: z.string().nullable(),
  revision: revisionSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The reply of a creation or a rotation: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventSeq: z.number().int().nullable(),
  /** An audit stream's batch: its last seq (`eventSeq` its first); null for one event. */
  lastEventSeq: z.number().int().nullable(),
  eventType: z.string(),
  attempt: z.number().int(),
  ok: z.boolean(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  responseBody: z.string().nullable(),
  createdAt: timestampSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** What a receiver gets as the body (docs/webhooks.md, "Payload"). */
export const webhookPayloadSchema = z.object({
  type: z.string(),
  timestamp: timestampSchema,
  data: z.object({
    eventId: z.string(),
    action: z.string(),
    resourceType: z.string(),
    resourceId: z.string().nullable(),
    tenantId: z.string().nullable(),
    environment: z.string().nullable(),
    actor: z
      .object({ id: z.string().nullable(), email: z.string().nullable(), tokenName: z.string().nullable() })
      .nullable(),
    requestId: z.string().nullable(),
    changes: z.unknown(),
    link: z.string().nullable(),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookParamsSchema = z.object({ webhookId: idParamSchema });
