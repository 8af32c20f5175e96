import type { DiffEntry } from '@contract/releases';
import type { DriftAdopt, DriftFinding, GitLink } from '@contract/git-links';
import { Download, GitBranch, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChangeDiff } from '@/changes';
import { AlertNotice } from '@/components/alert-notice';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { notifyError, notifySuccess } from '@/components/notify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDrift } from '@/config-as-code/api/get-drift';
import { useAdoptDrift, useRevertDrift } from '@/config-as-code/api/git-link-writes';
import { notifyReverted } from '@/config-as-code/components/notify-filed';
import { resourceLabel } from '@/config-as-code/lib/plan-groups';
import { saveText } from '@/config-as-code/lib/save-response';
import { formatLocaleDateTime } from '@/lib/format';

const since = (instant: string) =>
  formatLocaleDateTime(new Date(instant), { dateStyle: 'medium', timeStyle: 'short' });

/** A finding's diff as the plan gave it (entries of label, before, after); anything else shows as no diff. */
const isDiffEntry = (value: unknown): value is DiffEntry =>
  typeof value === 'object' && value !== null && 'label' in value && typeof value.label === 'string';
const diffOf = (finding: DriftFinding): DiffEntry[] =>
  Array.isArray(finding.diff) ? finding.diff.filter(isDiffEntry) : [];

/** The adopted file, to commit by hand: named after the link's path. */
function downloadAdopted(adopt: DriftAdopt) {
  if (adopt.content === null) return;
  const name = adopt.path.split('/').pop() || `resource-manager.${adopt.format}`;
  saveText(adopt.content, name, adopt.format === 'json' ? 'application/json' : 'application/yaml');
}

/**
 * The link's open drift findings: what differs from the file, since when, the diff, and the two ways
 * out (Revert files the file's state; Adopt takes the live state into Git). Live updates refresh it.
 */
export function DriftList({ link, manage }: { link: GitLink; manage: boolean }) {
  const drift = useDrift(link.id);
  const rows = drift.data ?? [];
  return (
    <ListState
      status={drift.status}
      error={drift.error}
      onRetry={() => void drift.refetch()}
      errorTitle="Could not load the drift findings"
      isEmpty={rows.length === 0}
      loading={<p className="py-4 text-center text-sm text-muted-foreground">Loading drift...</p>}
      empty={
        <EmptyState
          icon={GitBranch}
          title="No drift"
          description={
            link.lastCheckedAt
              ? 'The live state matches the file in Git as of the last check.'
              : 'Not checked yet: Check now reads the file and reports what differs.'
          }
        />
      }
    >
      <ul className="space-y-3" aria-label="Drift findings">
        {rows.map((finding) => (
          <DriftItem key={finding.id} finding={finding} manage={manage} />
        ))}
      </ul>
    </ListState>
  );
}

function useFindingActions() {
  const navigate = useNavigate();
  const revert = useRevertDrift();
  const adopt = useAdoptDrift();
  const [adopted, setAdopted] = useState<DriftAdopt | null>(null);
  return {
    adopted,
    pending: revert.isPending || adopt.isPending,
    revert: (finding: DriftFinding) =>
      revert.mutate(finding, {
        onSuccess: (answer) =>
          notifyReverted(answer.requestId, answer.applied, (path) => void navigate(path)),
        onError: (error) => notifyError(error, 'Failed to revert the drift.'),
      }),
    adopt: (finding: DriftFinding) =>
      adopt.mutate(finding, {
        onSuccess: (answer) => {
          setAdopted(answer);
          if (answer.pushed)
            notifySuccess(
              'Live state pushed',
              `Branch ${answer.branch ?? ''} holds it: open a pull request to adopt it.`,
            );
          else
            notifySuccess(
              'File ready to commit',
              `No write access: download the file and commit it at ${answer.path}.`,
            );
        },
        onError: (error) => notifyError(error, 'Failed to adopt the drift.'),
      }),
  };
}

/** Revert is anyone's request (the approvals decide); Adopt writes to Git, for the link's managers. */
function DriftItem({ finding, manage }: { finding: DriftFinding; manage: boolean }) {
  const actions = useFindingActions();
  const name = `${resourceLabel(finding.resourceType)} ${finding.resourceKey}`;
  return (
    <li className="space-y-3 rounded-md border p-3" data-testid="drift-finding" aria-label={finding.title}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium break-words">
            {finding.title} {finding.prune && <Badge variant="secondary">Not in the file</Badge>}
          </p>
          <p className="text-xs break-words text-muted-foreground">
            {name} · since <time dateTime={finding.firstSeenAt}>{since(finding.firstSeenAt)}</time>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={actions.pending}
            aria-label={`Revert ${finding.title}`}
            onClick={() => actions.revert(finding)}
          >
            <Undo2 aria-hidden="true" />
            Revert
          </Button>
          {manage && (
            <Button
              size="sm"
              variant="outline"
              disabled={actions.pending}
              aria-label={`Adopt ${finding.title}`}
              onClick={() => actions.adopt(finding)}
            >
              <GitBranch aria-hidden="true" />
              Adopt
            </Button>
          )}
        </div>
      </div>
      {finding.revertRequestId && (
        <p className="text-sm text-muted-foreground">A revert is filed for review.</p>
      )}
      {actions.adopted && <AdoptAnswer adopt={actions.adopted} />}
      <ChangeDiff entries={diffOf(finding)} />
    </li>
  );
}

/** What Adopt answered: the branch pushed, or the file to commit by hand. */
function AdoptAnswer({ adopt }: { adopt: DriftAdopt }) {
  if (adopt.pushed) {
    return (
      <p className="text-sm" role="status">
        Pushed on branch <span className="font-mono text-xs">{adopt.branch}</span>
        {adopt.commit && (
          <>
            {' '}
            (commit <span className="font-mono text-xs">{adopt.commit.slice(0, 12)}</span>)
          </>
        )}
        : open a pull request to adopt it.
      </p>
    );
  }
  return (
    <AlertNotice
      testId="adopt-file"
      tone="warning"
      title="Commit this file to adopt the live state"
      layout="inline"
      actions={
        <Button size="sm" variant="outline" onClick={() => downloadAdopted(adopt)}>
          <Download aria-hidden="true" />
          Download file
        </Button>
      }
    >
      <p className="text-muted-foreground">
        The link has no write access: commit the file at{' '}
        <span className="font-mono text-xs">{adopt.path}</span>.
      </p>
    </AlertNotice>
  );
}
