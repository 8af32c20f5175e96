import { WEBHOOK_RETRY_HOURS, type WebhookKind } from '../../contract/webhooks';
import type { Retries } from './cursor';
import type { SendSettings } from './deliveries';

/** One delivery attempt, as the metrics count it: the subscription's kind, its outcome, the event's lag. */
export interface WebhookAttempt {
  kind: WebhookKind;
  ok: boolean;
  lagSeconds: number;
}

/** The delivery settings (WEBHOOK_* in env.ts; docs/webhooks.md). */
export interface WebhookSettings extends SendSettings, Retries {
  /** The resource types every signed-in user may read (the live stream's rule, from the route table). */
  openTypes: () => Set<string>;
  /**
   * How long a claim holds a subscription (default: a batch of sends at the timeout each, and a minute):
   * a process that dies holding it leaves it to the others after this. Tests shorten it.
   */
  leaseMs?: number;
  /** Told of every attempt at events of the trail (the metrics: docs/webhooks.md). */
  observe?: (attempt: WebhookAttempt) => void;
}

export const DEFAULT_RETRY_BASE_MS = 5000;
export const DEFAULT_RETRY_FOR_MS = WEBHOOK_RETRY_HOURS * 3600 * 1000;
export const WEBHOOK_RETRIES = { retryBaseMs: DEFAULT_RETRY_BASE_MS, retryForMs: DEFAULT_RETRY_FOR_MS };

/** Sends one claim makes at most, whatever the kind: what the default lease covers. */
export const SENDS_PER_CLAIM = 50;

/** How long a claim lasts: a claim's sends at the timeout each, and a margin. */
export const leaseMs = (settings: WebhookSettings) =>
  settings.leaseMs ?? settings.timeoutMs * SENDS_PER_CLAIM + 60_000;

/** When a claim taken (or renewed) now ends. */
export const leaseEnd = (settings: WebhookSettings) => new Date(Date.now() + leaseMs(settings)).toISOString();
