import type { Environment } from '../../../contract/common';

/**
 * The environment whose approvals a change of a resource that lives in no environment falls under (a
 * tenant's own fields, a web app mesh, and the platform's capabilities, notification templates and
 * microfrontends): production, the strictest. Such a resource serves production as much as any other
 * environment, so its change is reviewed as a production change (docs/changes.md).
 */
export const UNPLACED_ENVIRONMENT: Environment = 'production';

/** Where a change of a platform resource that lives in no environment is filed: global administrators'. */
export const platformTarget = (title: string) => ({
  scope: null,
  environment: UNPLACED_ENVIRONMENT,
  action: null,
  title,
});

/** A row's values of the fields a patch sends (null for none): its diff's before, and its undo's body. */
export function rowValuesOf(row: object, patch: object): Record<string, unknown> {
  const values = new Map(Object.entries(row));
  return Object.fromEntries(Object.keys(patch).map((field) => [field, values.get(field) ?? null]));
}
