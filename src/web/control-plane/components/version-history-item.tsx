import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { ArrowUpRight } from 'lucide-react';
import { CodeBlock } from '@/components/code-block';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfigurationDiff } from '@/components/configuration-diff';
import { prettyJson } from '@/control-plane/lib/json-text';
import { environmentName } from '@contract/common';

type VersionHistoryItemProps = {
  version: ConfigurationVersion;
  /** The context's active version, to compare an inactive one with. */
  active: ConfigurationVersion | undefined;
  canActivate: boolean;
  activating: boolean;
  onActivate: () => void;
  /** Set when this version can be promoted (the active one, before production, with permission). */
  promoteTo?: string;
  onPromote?: () => void;
};

const localTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

export function VersionHistoryItem({
  version,
  active,
  canActivate,
  activating,
  onActivate,
  promoteTo,
  onPromote,
}: VersionHistoryItemProps) {
  return (
    <li
      className="space-y-2 rounded-md border p-3"
      data-testid="history-version"
      aria-label={`Version ${version.version}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Version {version.version}</span>
        {version.isActive && <Badge>Active</Badge>}
        <span className="text-xs text-muted-foreground">
          by {version.createdBy ?? 'unknown'} ·{' '}
          <time dateTime={version.createdAt}>{localTime(version.createdAt)}</time>
        </span>
        {!version.isActive && canActivate && (
          <Button size="sm" variant="outline" className="ml-auto" disabled={activating} onClick={onActivate}>
            Activate
          </Button>
        )}
        {promoteTo && onPromote && (
          <Button size="sm" variant="outline" className="ml-auto" onClick={onPromote}>
            <ArrowUpRight aria-hidden="true" />
            Promote to {promoteTo}
          </Button>
        )}
      </div>
      {version.promotedFrom && (
        <p className="text-xs text-muted-foreground" data-testid="promoted-from">
          Promoted from {environmentName(version.promotedFrom.environment)} · {version.promotedFrom.region} ·
          v{version.promotedFrom.version}
        </p>
      )}
      {version.notes && <p className="text-sm">{version.notes}</p>}
      <CodeBlock
        label={`Configuration of version ${version.version}`}
        className="max-h-48"
        data-testid="history-configuration"
      >
        {prettyJson(version.configuration)}
      </CodeBlock>
      {!version.isActive && active && (
        <ConfigurationDiff
          from={prettyJson(active.configuration)}
          to={prettyJson(version.configuration)}
          activeVersion={active.version}
        />
      )}
    </li>
  );
}
