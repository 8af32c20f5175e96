import { hash, randomBytes } from 'node:crypto';
import { API_TOKEN_DISPLAY_LENGTH, API_TOKEN_PREFIX } from '../../../contract/api-tokens';

/** 32 random bytes: as strong as a session token. */
const SECRET_BYTES = 32;

export interface NewSecret {
  token: string;
  secretHash: string;
  displayPrefix: string;
}

/** A fresh token: `rmt_` and base64url randomness. Only its hash is stored. */
export function newTokenSecret(): NewSecret {
  const token = `${API_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return {
    token,
    secretHash: hashTokenSecret(token),
    displayPrefix: token.slice(0, API_TOKEN_DISPLAY_LENGTH),
  };
}

export const hashTokenSecret = (token: string) => hash('sha256', token, 'hex');

/**
 * The token of an `Authorization: Bearer …` header, or undefined when the request carries none (another
 * scheme, such as Basic, is not ours and is ignored). An empty bearer value is still a bearer request.
 */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}
