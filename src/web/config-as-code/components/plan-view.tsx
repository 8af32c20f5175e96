import type { Plan, PlannedChange } from '@contract/config-doc';
import { changeKindLabels } from '@contract/change-labels';
import { CheckCircle2 } from 'lucide-react';
import { ChangeDiff } from '@/changes';
import { groupByResource, planIsEmpty, planSize } from '@/config-as-code/lib/plan-groups';

/**
 * A plan as a review: the changes grouped by resource type with each one's diff (the change request
 * page's diff view), then the deletions prune would make, listed apart.
 */
export function PlanView({ plan }: { plan: Plan }) {
  if (planIsEmpty(plan)) {
    return (
      <p
        className="flex items-center gap-2 rounded-md border p-4 text-sm"
        role="status"
        data-testid="plan-empty"
      >
        <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
        Live state matches the file.
      </p>
    );
  }
  return (
    <div className="space-y-6" data-testid="plan-view">
      <p className="text-sm font-medium" role="status">
        {planSize(plan)}
      </p>
      {plan.changes.length > 0 && <PlanGroups label="Changes" changes={plan.changes} />}
      {plan.prune.length > 0 && (
        <PlanGroups
          label="Deletions (prune)"
          note="What the file leaves out: deleted only because Prune is on."
          changes={plan.prune}
        />
      )}
    </div>
  );
}

function PlanGroups({ label, note, changes }: { label: string; note?: string; changes: PlannedChange[] }) {
  return (
    <section aria-label={label} className="space-y-4">
      <div>
        <h3 className="font-semibold">{label}</h3>
        {note && <p className="text-sm text-muted-foreground">{note}</p>}
      </div>
      {groupByResource(changes).map((group) => (
        <section key={group.type} aria-label={group.label} className="space-y-3 border-l pl-4">
          <h4 className="text-sm font-medium text-muted-foreground">{group.label}</h4>
          <ol className="space-y-4">
            {group.changes.map((change) => (
              <PlannedItem key={`${change.change.kind} ${change.resource.key}`} change={change} />
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}

function PlannedItem({ change }: { change: PlannedChange }) {
  return (
    <li className="space-y-3 rounded-md border p-3" data-testid="plan-change" aria-label={change.title}>
      <div className="space-y-0.5">
        <p className="font-medium break-words">{change.title}</p>
        <p className="text-xs break-words text-muted-foreground">
          {changeKindLabels[change.change.kind]} · {change.resource.key}
        </p>
      </div>
      <ChangeDiff entries={change.diff} />
    </li>
  );
}
