import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GitLink } from '@contract/git-links';
import { getJson } from '@/lib/api-client';

export const GIT_LINKS_PATH = '/api/git-links';

/**
 * Every Git query key starts with 'git-links': a git-link write, a drift event of the live stream and
 * an applied revert all refresh that root (src/web/app/resource-effects.ts).
 */
export const gitLinkKeys = {
  all: ['git-links'] as const,
  list: () => ['git-links', 'list'] as const,
  drift: (linkId: string) => ['git-links', linkId, 'drift'] as const,
};

/** One link's path, and its sub-resources'. */
export const gitLinkPath = (id: string, ...rest: string[]): string =>
  [GIT_LINKS_PATH, encodeURIComponent(id), ...rest].join('/');

/** GET /api/git-links: the links the signed-in person may read (a tenant's, the platform's). */
export function getGitLinks(): Promise<GitLink[]> {
  return getJson<GitLink[]>(GIT_LINKS_PATH);
}

export const gitLinksQueryOptions = () =>
  queryOptions({ queryKey: gitLinkKeys.list(), queryFn: getGitLinks, retry: false });

/** The link that keeps `tenantId` (null: the platform) in Git, or null; undefined while it loads. */
export function useGitLink(tenantId: string | null) {
  const query = useQuery(gitLinksQueryOptions());
  const link = query.data?.find((candidate) => candidate.tenantId === tenantId) ?? null;
  return { query, link: query.isSuccess ? link : undefined };
}
