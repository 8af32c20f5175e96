import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReleaseDraft } from '@contract/releases';
import { getJson } from '@/lib/api-client';
import { RELEASE_DRAFT_PATH, releaseKeys } from '@/releases/api/release-keys';

/** GET /api/release-draft: the signed-in user's draft release (empty until "Add to release"). */
export function getReleaseDraft(): Promise<ReleaseDraft> {
  return getJson<ReleaseDraft>(RELEASE_DRAFT_PATH);
}

export const releaseDraftQueryOptions = () =>
  // Only this user's own writes change it, and each of them sets or invalidates the key.
  queryOptions({ queryKey: releaseKeys.draft(), queryFn: getReleaseDraft });

export function useReleaseDraft() {
  return useQuery(releaseDraftQueryOptions());
}
