// The Git-managed marker's public surface: which tenant (or the platform) a Git link keeps, for the
// editors' "Managed in Git" badge and notice. A leaf: it imports no other feature, so every editor may use it.
export {
  GIT_LINKS_PATH,
  gitLinkKeys,
  gitLinkPath,
  gitLinksQueryOptions,
  useGitLink,
} from '@/git-managed/api/git-links';
export { gitLinkPlace, ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed/components/managed-in-git';
