import { changeKindLabels } from '@contract/change-labels';
import type { ChangeRequestItem } from '@contract/releases';
import { environmentName } from '@contract/vocabulary';
import { ChangeDiff } from '@/changes/components/change-diff';
import { EnvironmentBadge } from '@/changes/components/change-status-badge';
import { changeName, groupChanges, ITEM_STATE_LABELS, ITEM_STATE_VARIANTS } from '@/changes/lib/change-set';
import { Badge } from '@/components/ui/badge';

/**
 * Every change of the request, grouped by tenant, environment and kind, each with its place in the
 * order, its state (live: the page refetches on the request's events), its outcome and its diff.
 */
export function ChangeSet({ changes }: { changes: ChangeRequestItem[] }) {
  const single = changes.length === 1;
  return (
    <div className="space-y-6" data-testid="change-set">
      {groupChanges(changes).map((tenant) => (
        <section key={tenant.key} aria-label={tenant.name} className="space-y-4">
          <h3 className="font-semibold">{tenant.name}</h3>
          {tenant.environments.map((environment) => (
            <section
              key={environment.environment}
              aria-label={`${tenant.name}, ${environmentName(environment.environment)}`}
              className="space-y-4 border-l pl-4"
            >
              <h4 className="flex items-center gap-2 text-sm font-medium">
                <EnvironmentBadge environment={environment.environment} />
                {environmentName(environment.environment)}
              </h4>
              {environment.kinds.map((kind) => (
                <div key={kind.kind} className="space-y-3">
                  <h5 className="text-sm text-muted-foreground">{changeKindLabels[kind.kind]}</h5>
                  <ol className="space-y-4">
                    {kind.items.map((item) => (
                      <ChangeItem key={item.position} item={item} showPosition={!single} />
                    ))}
                  </ol>
                </div>
              ))}
            </section>
          ))}
        </section>
      ))}
    </div>
  );
}

function ChangeItem({ item, showPosition }: { item: ChangeRequestItem; showPosition: boolean }) {
  return (
    <li
      className="space-y-3 rounded-md border p-3"
      data-testid="change-item"
      data-state={item.state}
      aria-label={changeName(item)}
    >
      <div className="flex flex-wrap items-center gap-2">
        {showPosition && (
          <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-medium tabular-nums">
            Change {item.position + 1}
          </span>
        )}
        <span className="min-w-0 font-medium break-words">{item.title}</span>
        <Badge variant={ITEM_STATE_VARIANTS[item.state]} data-testid="change-item-state">
          {ITEM_STATE_LABELS[item.state]}
        </Badge>
      </div>
      {item.outcome && (
        <p
          className={item.state === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
          data-testid="change-item-outcome"
        >
          {item.outcome}
        </p>
      )}
      {item.irreversible && (
        <p className="text-sm text-amber-700 dark:text-amber-400" data-testid="change-item-irreversible">
          Cannot be undone automatically: {item.irreversible}
        </p>
      )}
      <ChangeDiff entries={item.diff} />
    </li>
  );
}
