import type { Viewer } from '../auth/viewer';

/** A signed-in administrator as the services see one, for tests that call services directly. */
export const ADMIN_VIEWER: Viewer = {
  user: {
    id: 'admin',
    revision: 1,
    email: 'admin@example.com',
    name: 'admin',
    avatarUrl: null,
    globalRole: 'admin',
    globalRoleSource: 'manual',
    status: 'active',
    kind: 'person',
    createdAt: '2026-01-01T00:00:00Z',
    lastLoginAt: null,
  },
  sessionId: 'session',
  isAdmin: true,
  roles: new Map(),
};
