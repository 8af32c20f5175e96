import { expect } from 'vitest';
import type { Change } from '../../contract/changes';
import type { ApiContext } from './api-harness';
import { sessionCookieFor, TEST_ADMIN, type TestPersona } from './sessions';

const CHANGES = '/api/change-requests';

/** A production configuration of api-002 for tenant-001 in us-east-1 (the region production allows). */
export const productionConfiguration = (configuration: string) => ({
  subscriptionId: 'sub-tenant-001-api-002',
  tenantId: 'tenant-001',
  capabilityId: 'api-002',
  environment: 'production' as const,
  region: 'us-east-1' as const,
  configuration,
});

/** The change that asks for it: one approval in production under the default policy. */
export const productionConfigurationChange = (configuration: string): Change => ({
  kind: 'configuration.create',
  body: productionConfiguration(configuration),
});

/** A second global administrator: four eyes on platform changes need someone other than TEST_ADMIN. */
export const SECOND_ADMIN: TestPersona = {
  id: 'second-admin',
  email: 'second-admin@example.com',
  globalRole: 'admin',
};

/**
 * The change-request API as the tests drive it: calls as a persona (TEST_ADMIN by default), and the
 * steps of a request's life that several suites repeat.
 */
export function changeRequestClient(ctx: () => ApiContext) {
  const cookies = new Map<string, string>();
  const cookieOf = async (persona: TestPersona) => {
    const known = cookies.get(persona.id);
    if (known) return known;
    const made = await sessionCookieFor(ctx().db, persona);
    cookies.set(persona.id, made);
    return made;
  };
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    persona = TEST_ADMIN,
  ) =>
    ctx().inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { cookie: await cookieOf(persona) },
    });

  const detail = (id: string, persona = TEST_ADMIN) => call('GET', `${CHANGES}/${id}`, undefined, persona);
  const approve = (id: string, persona = SECOND_ADMIN) =>
    call('POST', `${CHANGES}/${id}/approve`, {}, persona);

  return {
    call,
    detail,
    approve,
    cancel: (id: string, persona = TEST_ADMIN) => call('POST', `${CHANGES}/${id}/cancel`, undefined, persona),
    /** Creates a request; answers its id once the server took it (201). */
    async request(change: Change, persona = TEST_ADMIN, extra: object = {}): Promise<string> {
      const res = await call('POST', CHANGES, { change, ...extra }, persona);
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    },
    /** Applies a change at once through a global administrator's bypass: the normal way past a policy. */
    async bypass(change: Change): Promise<void> {
      const res = await call('POST', CHANGES, { change, bypassReason: 'test set-up' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().status).toBe('applied');
    },
    /** The request went stale: its page says so and an approval is refused with STALE_CHANGE. */
    async expectStale(id: string, because: string): Promise<void> {
      expect((await detail(id)).json().stale, because).toBe(true);
      const approved = await approve(id);
      expect(approved.statusCode, because).toBe(409);
      expect(approved.json().code, because).toBe('STALE_CHANGE');
    },
    async expectFresh(id: string, because: string): Promise<void> {
      expect((await detail(id)).json().stale, because).toBe(false);
    },
  };
}
