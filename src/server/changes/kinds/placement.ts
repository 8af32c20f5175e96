import type { Environment } from '../../../contract/common';

/**
 * The environment whose approvals a change of a resource that lives in no environment falls under (a
 * tenant's own fields, a web app mesh, and the platform's capabilities, notification templates and
 * microfrontends): production, the strictest. Such a resource serves production as much as any other
 * environment, so its change is reviewed as a production change (docs/changes.md).
 */
export const UNPLACED_ENVIRONMENT: Environment = 'production';
