import type { GitLink } from '@contract/git-links';
import { GitBranch } from 'lucide-react';
import { AlertNotice } from '@/components/alert-notice';
import { Badge } from '@/components/ui/badge';
import { useGitLink } from '@/git-managed/api/git-links';

/** Where the link keeps the file: "repo @ branch: path". */
export const gitLinkPlace = (link: Pick<GitLink, 'repoUrl' | 'branch' | 'path'>): string =>
  `${link.repoUrl} @ ${link.branch}: ${link.path}`;

/**
 * "Managed in Git" beside an editor's title when a link keeps the resource's tenant (null: the
 * platform) in a Git file. Nothing while the links load or when they cannot be read.
 */
export function ManagedInGitBadge({ tenantId }: { tenantId: string | null }) {
  const { link } = useGitLink(tenantId);
  if (!link) return null;
  return (
    <Badge variant="outline" className="gap-1" title={gitLinkPlace(link)} data-testid="managed-in-git">
      <GitBranch aria-hidden="true" className="size-3" />
      Managed in Git
    </Badge>
  );
}

/**
 * The notice an editor shows above its fields for a resource a link manages: saving here changes the
 * live state only, so the next check of the link reports the edit as drift.
 */
export function ManagedInGitNotice({ tenantId, what }: { tenantId: string | null; what: string }) {
  const { link } = useGitLink(tenantId);
  if (!link) return null;
  return (
    <AlertNotice testId="managed-in-git-notice" tone="warning" title="Managed in Git" layout="inline">
      <p className="break-words text-muted-foreground">
        This {what} is kept in <span className="font-mono text-xs">{gitLinkPlace(link)}</span>. Saving here
        changes the live state only: the next sync will report the edit as drift, to revert or adopt.
      </p>
    </AlertNotice>
  );
}
