import type { User } from '@contract/users';
import type { LiveResource } from '@/concurrency';
import { getJson } from '@/lib/api-client';
import { USERS_PATH } from '@/users/api/user-keys';

/** GET /api/users/{id}: one user as the list shows them (404 'User not found'). */
export function getUser(id: string): Promise<User> {
  return getJson<User>(`${USERS_PATH}/${encodeURIComponent(id)}`);
}

/** How Edit User follows its user live (docs/live-console.md). */
export const userLive: LiveResource<User> = { resourceType: 'user', fetchCurrent: getUser };
