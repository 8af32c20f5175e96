import type { GitLink } from '@contract/git-links';
import type { ReactNode } from 'react';
import { formatLocaleDateTime } from '@/lib/format';

const when = (instant: string | null) =>
  instant ? formatLocaleDateTime(new Date(instant), { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

const shortCommit = (commit: string | null) => (commit ? commit.slice(0, 12) : 'None yet');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Where the file is, how the link reads it, and how the last check went. */
export function GitLinkStatus({ link }: { link: GitLink }) {
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="git-link-status">
        <Row label="Repository">
          <span className="font-mono text-xs">{link.repoUrl}</span>
        </Row>
        <Row label="Branch and path">
          <span className="font-mono text-xs">
            {link.branch}: {link.path}
          </span>
        </Row>
        <Row label="Format">{link.format === 'json' ? 'JSON' : 'YAML'}</Row>
        <Row label="Access">
          {link.hasAccessToken ? 'Token stored' : 'No token'} ·{' '}
          {link.writeAccess ? 'write access' : 'read only'}
        </Row>
        <Row label="Sync mode">{link.syncMode ? 'On: new commits are filed as releases' : 'Off'}</Row>
        <Row label="Last commit">
          <span className="font-mono text-xs">{shortCommit(link.lastSeenCommit)}</span>
        </Row>
        <Row label="Last checked">{when(link.lastCheckedAt)}</Row>
        <Row label="Open drift">{link.openFindings}</Row>
      </dl>
      {link.lastError && (
        <p className="text-sm break-words text-destructive" role="status" data-testid="git-link-error">
          Last check failed: {link.lastError}
        </p>
      )}
    </div>
  );
}
