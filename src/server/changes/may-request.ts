import { viewerCan, type Viewer } from '../auth/viewer';
import { forbidden, notFound } from '../errors';
import type { ChangeTarget } from './kinds';

/**
 * May the viewer ask for this change? Its endpoint's tenant action, or a global administrator. A tenant
 * the viewer cannot even read is not found (404), as on every other route, so tenant ids cannot be probed;
 * a tenant they see but may not change is a 403.
 */
export function assertMayRequest(viewer: Viewer, target: ChangeTarget): void {
  if (!viewer.isAdmin && target.scope !== null && !viewerCan(viewer, target.scope, 'read')) {
    throw notFound('Tenant');
  }
  const allowed =
    viewer.isAdmin ||
    (target.scope !== null && target.action !== null && viewerCan(viewer, target.scope, target.action));
  if (!allowed) {
    throw forbidden(
      target.scope === null
        ? 'Only global administrators can request platform changes'
        : 'Your role in this tenant does not allow this change',
    );
  }
}
