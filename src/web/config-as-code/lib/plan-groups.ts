import type { Plan, PlannedChange } from '@contract/config-doc';

/** The words of the resource types a plan names; another type reads as its own name, spaced. */
const RESOURCE_LABELS: Record<string, string> = {
  tenant: 'Tenant settings',
  approval_policy: 'Approval policy',
  subscription: 'Subscriptions',
  configuration: 'Configurations',
  gateway_route: 'Gateway routes',
  opa_policy: 'OPA policies',
  web_app: 'Web apps',
  mesh: 'Web app meshes',
  slots: 'Deployment slots',
  capability: 'Capabilities',
  microfrontend: 'Microfrontends',
};

export const resourceLabel = (type: string): string =>
  RESOURCE_LABELS[type] ?? type.replace(/[_-]+/g, ' ').replace(/^./, (first) => first.toUpperCase());

export type ResourceGroup = { type: string; label: string; changes: PlannedChange[] };

/** The changes grouped by resource type, each group in the order the plan first names it. */
export function groupByResource(changes: readonly PlannedChange[]): ResourceGroup[] {
  const groups: ResourceGroup[] = [];
  for (const change of changes) {
    const type = change.resource.type;
    let group = groups.find((candidate) => candidate.type === type);
    if (!group) {
      group = { type, label: resourceLabel(type), changes: [] };
      groups.push(group);
    }
    group.changes.push(change);
  }
  return groups;
}

/** Whether applying the plan would change anything. */
export const planIsEmpty = (plan: Plan): boolean => plan.changes.length === 0 && plan.prune.length === 0;

/** "3 changes, 1 deletion": the plan's size in words. */
export function planSize(plan: Plan): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [count(plan.changes.length, 'change', 'changes')];
  if (plan.prune.length > 0) parts.push(count(plan.prune.length, 'deletion', 'deletions'));
  return parts.join(', ');
}

/** A 400's field issues, as "path: message", the request body's own prefix left out. */
export function issueLines(issues: readonly { path: string; message: string }[]): string[] {
  return issues.map(({ path, message }) => {
    const field = path.replace(/^body\.?/, '').replace(/^document\.?/, '');
    return field ? `${field}: ${message}` : message;
  });
}
