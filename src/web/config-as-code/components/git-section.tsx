import type { GitLink } from '@contract/git-links';
import { GitBranch, Pencil, RefreshCw, Unlink } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { lazyDialog } from '@/components/lazy-dialog';
import { notifyError, notifySuccess } from '@/components/notify';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCanOnTenant, useIsAdmin } from '@/auth';
import { useGitLink } from '@/git-managed';
import { useCheckGitLink, useDeleteGitLink } from '@/config-as-code/api/git-link-writes';
import { DriftList } from '@/config-as-code/components/drift-list';
import { GitLinkStatus } from '@/config-as-code/components/git-link-status';

/** The link form (react-hook-form, the contract's rules) is a chunk of its own. */
const GitLinkDialog = lazyDialog(() =>
  import('@/config-as-code/components/git-link-dialog').then((m) => m.GitLinkDialog),
);

/**
 * "Git": the repository file that keeps a tenant (null: the platform), its status, Check now, and the
 * drift findings (docs/config-as-code-git.md). Live drift events refresh it through the git-link keys.
 */
export function GitSection({ tenantId, name }: { tenantId: string | null; name: string }) {
  const { query, link } = useGitLink(tenantId);
  const manage = useMayManageLink(tenantId);
  const [editing, setEditing] = useState(false);
  return (
    <Card data-testid="git-section">
      <CardHeader>
        <CardTitle id="git-section-title" role="heading" aria-level={2}>
          Git
        </CardTitle>
        <CardDescription>
          Keep {name} in a file of a Git repository: each check reports where the live state drifted from it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending && (
          <p aria-busy="true" className="py-4 text-center text-sm text-muted-foreground">
            Loading the Git link...
          </p>
        )}
        {query.isError && (
          <ErrorState
            error={query.error}
            title="Could not load the Git link"
            onRetry={() => void query.refetch()}
          />
        )}
        {link === null && (
          <EmptyState
            icon={GitBranch}
            title="Not kept in Git"
            description="Link a repository file to see drift and revert or adopt it."
            action={manage ? <Button onClick={() => setEditing(true)}>Link to Git</Button> : undefined}
          />
        )}
        {link && <LinkedGit link={link} manage={manage} onEdit={() => setEditing(true)} />}
      </CardContent>
      <GitLinkDialog
        open={editing}
        onOpenChange={setEditing}
        tenantId={tenantId}
        name={name}
        link={link ?? null}
      />
    </Card>
  );
}

/** As the server decides (git-sync/links.ts): administrators, and those who configure the tenant. */
function useMayManageLink(tenantId: string | null): boolean {
  const admin = useIsAdmin();
  const configure = useCanOnTenant(tenantId, 'configure');
  return admin || configure;
}

type LinkedGitProps = { link: GitLink; manage: boolean; onEdit: () => void };

function LinkedGit({ link, manage, onEdit }: LinkedGitProps) {
  return (
    <div className="space-y-4">
      <GitLinkStatus link={link} />
      {manage && <LinkActions link={link} onEdit={onEdit} />}
      <section aria-label="Drift" className="space-y-2">
        <h3 className="text-sm font-semibold">Drift</h3>
        <DriftList link={link} manage={manage} />
      </section>
    </div>
  );
}

/** Check now, Edit link and Unlink (which asks first): for the link's managers. */
function LinkActions({ link, onEdit }: { link: GitLink; onEdit: () => void }) {
  const check = useCheckGitLink();
  const remove = useDeleteGitLink();
  const [unlinking, setUnlinking] = useState(false);
  const checkNow = () =>
    check.mutate(link, {
      onSuccess: ({ detected, link: checked }) =>
        checked.lastError
          ? notifyError(new Error(checked.lastError), 'The check failed.')
          : notifySuccess(
              'Checked',
              detected === 0 ? 'No new drift.' : `${detected} new drift finding${detected === 1 ? '' : 's'}.`,
            ),
      onError: (error) => notifyError(error, 'Failed to check the Git link.'),
    });
  const unlink = () =>
    remove.mutate(link, {
      onSuccess: () => notifySuccess('Unlinked from Git', `${link.repoUrl} no longer keeps this state.`),
      onError: (error) => notifyError(error, 'Failed to unlink.'),
      onSettled: () => setUnlinking(false),
    });
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={checkNow} disabled={check.isPending}>
        <RefreshCw aria-hidden="true" />
        {check.isPending ? 'Checking...' : 'Check now'}
      </Button>
      <Button variant="outline" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit link
      </Button>
      <Button variant="outline" onClick={() => setUnlinking(true)}>
        <Unlink aria-hidden="true" />
        Unlink
      </Button>
      <ConfirmDialog
        open={unlinking}
        title="Unlink from Git?"
        description="Checks stop and the open drift findings are dropped. The repository is left as it is."
        pending={remove.isPending}
        onConfirm={unlink}
        onClose={() => setUnlinking(false)}
        confirmLabel="Unlink"
        pendingLabel="Unlinking..."
      />
    </div>
  );
}
