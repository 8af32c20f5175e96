import type { QueryClient } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';

export const TOKENS_PATH = '/api/tokens';

/** Whose tokens: the signed-in person's own (null) or, for global administrators, this user's. */
export type TokenOwner = string | null;

/** GET and POST: /api/tokens for your own, /api/users/:id/tokens for a user's (administrators). */
export function tokensPath(owner: TokenOwner): string {
  return owner === null ? TOKENS_PATH : `/api/users/${encodeURIComponent(owner)}/tokens`;
}

/**
 * The only place an API token query key is built. Every key starts with /api/tokens, the users'
 * endpoint included: an administrator's own tokens appear on both screens, so one prefix
 * invalidation refreshes both.
 */
export const apiTokenKeys = {
  all: [TOKENS_PATH] as const,
  policy: () => [...apiTokenKeys.all, 'policy'] as const,
  lists: () => [...apiTokenKeys.all, 'list'] as const,
  list: (owner: TokenOwner) => [...apiTokenKeys.lists(), owner ?? 'me'] as const,
};

/** Every token mutation calls this (src/web/lib/resource-effects.ts says what a token write refreshes). */
export const invalidateApiTokens = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'api_token');
