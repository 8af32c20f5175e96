import { ArrowUpRight } from 'lucide-react';
import { CodeBlock } from '@/components/code-block';
import { ConfigurationDiff } from '@/components/configuration-diff';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatLocaleDateTime } from '@/lib/format';

/** What every version of a versioned resource carries: its number, whether it is active, who made it when. */
export type VersionSummary = {
  id: string;
  version: number;
  isActive: boolean;
  createdBy: string | null;
  createdAt: string;
};

type VersionEntryProps<T extends VersionSummary> = {
  version: T;
  /** The active version, to compare an inactive one with. */
  active: T | undefined;
  /** A version as text: shown, and diffed against the active one. */
  describe: (version: T) => string;
  /** The text's box: its accessible name, and how it wraps. */
  text: { label: string; className: string; testId?: string };
  /** "Promoted from Development · v3", when it was promoted. */
  promotedFrom?: string;
  notes?: string | null;
  /** Activates this version; undefined without permission (an active version offers none anyway). */
  onActivate?: () => void;
  activating: boolean;
  /** The Activate button's accessible name, when "Activate" alone is not enough. */
  activateLabel?: string;
  /** Set when this version may be promoted (the active one, before production, with permission). */
  promote?: { label: string; onClick: () => void };
};

const localTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatLocaleDateTime(date);
};

/** One version in a history: number, Active, author and time, its actions, its text and its diff. */
function VersionEntry<T extends VersionSummary>({
  version,
  active,
  describe,
  text,
  promotedFrom,
  notes,
  onActivate,
  activating,
  activateLabel,
  promote,
}: VersionEntryProps<T>) {
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
        {!version.isActive && onActivate && (
          <Button
            size="sm"
            variant="outline"
            className="ml-auto"
            disabled={activating}
            aria-label={activateLabel}
            onClick={onActivate}
          >
            Activate
          </Button>
        )}
        {promote && (
          <Button size="sm" variant="outline" className="ml-auto" onClick={promote.onClick}>
            <ArrowUpRight aria-hidden="true" />
            {promote.label}
          </Button>
        )}
      </div>
      {promotedFrom && (
        <p className="text-xs text-muted-foreground" data-testid="promoted-from">
          {promotedFrom}
        </p>
      )}
      {notes && <p className="text-sm">{notes}</p>}
      <CodeBlock label={text.label} className={text.className} data-testid={text.testId}>
        {describe(version)}
      </CodeBlock>
      {!version.isActive && active && (
        <ConfigurationDiff from={describe(active)} to={describe(version)} activeVersion={active.version} />
      )}
    </li>
  );
}

type VersionListProps<T extends VersionSummary> = {
  /** The list's accessible name. */
  label: string;
  /** Newest first. */
  versions: readonly T[];
  describe: (version: T) => string;
  /** What each entry shows besides its version, and what it offers. */
  entryOf: (version: T) => Omit<VersionEntryProps<T>, 'version' | 'active' | 'describe'>;
};

/** A history's versions, newest first, each diffed against the active one. */
export function VersionList<T extends VersionSummary>({
  label,
  versions,
  describe,
  entryOf,
}: VersionListProps<T>) {
  const active = versions.find((version) => version.isActive);
  return (
    <ol className="space-y-3" aria-label={label}>
      {versions.map((version) => (
        <VersionEntry
          key={version.id}
          version={version}
          active={active}
          describe={describe}
          {...entryOf(version)}
        />
      ))}
    </ol>
  );
}
