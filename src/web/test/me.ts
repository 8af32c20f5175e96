import type { Me } from '@contract/auth';
import { globalRoleSchema } from '@contract/users';
import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '@/auth';
import { createQueryClient } from '@/lib/api-client';

/** A signed-in user for component tests; override the role or memberships per test. */
export function makeMe({
  globalRole = 'user',
  memberships = [],
  name = 'Alice Johnson',
  email = 'alice@example.com',
  avatarUrl = null,
}: Partial<{
  globalRole: string;
  memberships: Me['memberships'];
  name: string;
  email: string;
  avatarUrl: string | null;
}> = {}): Me {
  return {
    user: {
      id: 'user-1',
      revision: 1,
      email,
      name,
      avatarUrl,
      globalRole: globalRoleSchema.parse(globalRole),
      globalRoleSource: 'manual',
      status: 'active',
      kind: 'person',
      createdAt: '2024-01-01T00:00:00.000Z',
      lastLoginAt: null,
    },
    memberships,
  };
}

/** A query client whose session is `me` (null: signed out), as after GET /api/auth/me. */
export function queryClientWithMe(me: Me | null): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, me);
  return queryClient;
}
