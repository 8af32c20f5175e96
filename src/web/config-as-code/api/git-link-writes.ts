import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  DriftAdopt,
  DriftFinding,
  GitCheckResult,
  GitLink,
  GitLinkInput,
  GitLinkUpdate,
} from '@contract/git-links';
import { GIT_LINKS_PATH, gitLinkKeys, gitLinkPath } from '@/git-managed';
import { sendJson } from '@/lib/api-client';

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: gitLinkKeys.all });

/** POST /api/git-links: link a tenant (or the platform) to a file of a repository. */
export const createGitLink = (input: GitLinkInput) => sendJson<GitLink>('POST', GIT_LINKS_PATH, input);

/** PATCH /api/git-links/:id under If-Match of the revision the form started from. */
export const updateGitLink = ({ link, edit }: { link: GitLink; edit: GitLinkUpdate }) =>
  sendJson<GitLink>('PATCH', gitLinkPath(link.id), edit, { ifMatch: link.revision });

/** DELETE /api/git-links/:id: the tenant is no longer kept in Git (its findings go with it). */
export const deleteGitLink = (link: GitLink) =>
  sendJson<unknown>('DELETE', gitLinkPath(link.id), undefined, { ifMatch: link.revision });

/** POST /api/git-links/:id/check: read the branch now and record what differs. */
export const checkGitLink = (link: GitLink) =>
  sendJson<GitCheckResult>('POST', gitLinkPath(link.id, 'check'));

/** One mutation per write, each refreshing every Git read (links and findings) when it settles. */
function useGitWrite<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refresh(queryClient) });
}

export const useCreateGitLink = () => useGitWrite(createGitLink);
export const useUpdateGitLink = () => useGitWrite(updateGitLink);
export const useDeleteGitLink = () => useGitWrite(deleteGitLink);
export const useCheckGitLink = () => useGitWrite(checkGitLink);

const findingPath = (finding: DriftFinding, action: 'revert' | 'adopt') =>
  `/api/drift/${encodeURIComponent(finding.id)}/${action}`;

export type DriftRevert = { finding: DriftFinding; requestId: string | null; applied: boolean };

/** POST /api/drift/:id/revert: files (or applies, where no approval is needed) the plan that restores Git's state. */
export const revertDrift = (finding: DriftFinding) =>
  sendJson<DriftRevert>('POST', findingPath(finding, 'revert'), { scope: 'resource' });

/** POST /api/drift/:id/adopt: the live state pushed on a new branch, or (no write access) the file to commit. */
export const adoptDrift = (finding: DriftFinding) =>
  sendJson<DriftAdopt>('POST', findingPath(finding, 'adopt'));

export const useRevertDrift = () => useGitWrite(revertDrift);
export const useAdoptDrift = () => useGitWrite(adoptDrift);
