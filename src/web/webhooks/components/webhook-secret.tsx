import type { WebhookWithSecret } from '@contract/webhooks';
import { SecretShownOnce } from '@/components/secret-shown-once';

export const SECRET_SHOWN_ONCE = 'Copy this signing secret now: it will not be shown again.';

/** A subscription's signing secret, the one time it is in the browser: a read-only field and Copy. */
export function WebhookSecret({ webhook }: { webhook: WebhookWithSecret }) {
  return (
    <SecretShownOnce
      value={webhook.secret}
      what="signing secret"
      id="webhook-secret"
      label="Signing secret"
      title={SECRET_SHOWN_ONCE}
      testId="webhook-secret-shown-once"
    >
      Receivers verify each delivery&apos;s <code className="font-mono">webhook-signature</code> with it
      (Standard Webhooks). If you lose it, rotate the secret.
    </SecretShownOnce>
  );
}
