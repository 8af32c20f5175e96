import type { ApiTokenCreated } from '@contract/api-tokens';
import { SecretShownOnce } from '@/components/secret-shown-once';

export const SHOWN_ONCE_MESSAGE = 'Copy this token now: it will not be shown again.';

/** The new token's secret, the one time it exists in the browser: a read-only field and Copy. */
export function TokenSecret({ created }: { created: ApiTokenCreated }) {
  return (
    <SecretShownOnce
      value={created.token}
      what="token"
      id="token-secret"
      label={`Token ${created.name}`}
      title={SHOWN_ONCE_MESSAGE}
      testId="token-shown-once"
    >
      Only a hash of it is stored. Send it as <code className="font-mono">Authorization: Bearer</code>; if you
      lose it, revoke it and create another.
    </SecretShownOnce>
  );
}
