import { useQuery } from '@tanstack/react-query';
import type { DriftFinding } from '@contract/git-links';
import { gitLinkKeys, gitLinkPath } from '@/git-managed';
import { getJson } from '@/lib/api-client';

/** GET /api/git-links/:id/drift: the link's open findings (the first page, oldest first). */
export const getDrift = (linkId: string) => getJson<DriftFinding[]>(gitLinkPath(linkId, 'drift'));

export function useDrift(linkId: string) {
  return useQuery({ queryKey: gitLinkKeys.drift(linkId), queryFn: () => getDrift(linkId) });
}
