import { beforeAll, expect, it } from 'vitest';
import { environmentBlueGreenSchema, otherSlot, type Slot } from '../../contract/blue-green';
import type { Change } from '../../contract/changes';
import { describeApi } from '../test/api-harness';
import { changeRequestClient } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';

/*
 * The blue-green side of "everything served is fingerprinted" (served-deployments.test.ts has the
 * slots): every field of an environment's blue-green state is served or not, and each mutation of a
 * served field through the normal API makes a pending switch, rollback and live slot version stale.
 * The one exception is by design: a live slot version request does not depend on the idle slot.
 */
const SERVED = ['enabled', 'activeSlot', 'blueVersion', 'greenVersion'] as const;
const NOT_SERVED = ['deploymentHistory'];

type Owner = 'tenant' | 'capability';
type State = Record<(typeof SERVED)[number], unknown>;
const OWNERS = [
  ['tenant', 'tenant-001'],
  ['capability', 'api-001'],
] as const;

describeApi(
  'change requests: every served blue-green field is fingerprinted',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const base = (owner: Owner, id: string) =>
      owner === 'tenant' ? `/api/tenants/${id}` : `/api/capabilities/${id}`;
    const state = async (owner: Owner, id: string): Promise<State> => {
      const text = (await cr.call('GET', base(owner, id))).json().blueGreenConfig as string;
      return JSON.parse(text).production as State;
    };
    const post = async (owner: Owner, id: string, action: string, body: object) => {
      const res = await cr.call('POST', `${base(owner, id)}/${action}`, {
        environment: 'production',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    /** A change of the owner's production slots, as the request body names it. */
    const changeOf = (owner: Owner, id: string, action: string, body: object = {}): Change =>
      ({
        kind: `${owner}_blue_green.${action}`,
        ...(owner === 'tenant' ? { tenantId: id } : { capabilityId: id }),
        body: { environment: 'production', ...body },
      }) as Change;

    /** The normal API's ways to change what production serves: each changes at least one served field. */
    const mutations = (owner: Owner, id: string) => {
      const live = async () => (await state(owner, id)).activeSlot as Slot;
      return [
        {
          name: 'blue-green turned off',
          run: () => post(owner, id, 'toggle-environment-blue-green', { enabled: false }),
          restore: () => post(owner, id, 'toggle-environment-blue-green', { enabled: true }),
        },
        {
          name: 'a new version for the idle slot',
          idleOnly: true,
          run: async () =>
            post(owner, id, 'update-environment-slot-version', {
              slot: otherSlot(await live()),
              version: `idle-${Date.now()}`,
            }),
        },
        {
          name: 'a new version for the live slot',
          run: async () =>
            cr.bypass(
              changeOf(owner, id, 'slot_version', { slot: await live(), version: `live-${Date.now()}` }),
            ),
        },
        {
          name: 'the slots switched',
          run: () => cr.bypass(changeOf(owner, id, 'switch', { toVersion: `switched-${Date.now()}` })),
        },
      ];
    };

    /** Requests the change, runs each mutation, and checks the request went stale (or, by design, not). */
    const checkEveryMutation = async (owner: Owner, id: string, change: () => Promise<Change>) => {
      const exercised = new Set<string>();
      for (const mutation of mutations(owner, id)) {
        const made = await change();
        const requestId = await cr.request(made);
        const before = await state(owner, id);
        await mutation.run();
        const after = await state(owner, id);
        const changed = SERVED.filter((field) => before[field] !== after[field]);
        expect(changed.length, `${mutation.name} changed nothing served`).toBeGreaterThan(0);
        changed.forEach((field) => exercised.add(field));
        const because = `${made.kind} after: ${mutation.name}`;
        if (made.kind.endsWith('slot_version') && mutation.idleOnly) await cr.expectFresh(requestId, because);
        else await cr.expectStale(requestId, because);
        expect((await cr.cancel(requestId)).statusCode).toBe(200);
        await mutation.restore?.();
      }
      expect([...exercised].sort()).toEqual([...SERVED].sort());
    };

    beforeAll(async () => {
      // The capability's production: blue-green on, blue live, green prepared, one switch to roll back.
      await post('capability', 'api-001', 'toggle-environment-blue-green', { enabled: true });
      await cr.bypass(changeOf('capability', 'api-001', 'slot_version', { slot: 'blue', version: '1.0.0' }));
      await post('capability', 'api-001', 'update-environment-slot-version', {
        slot: 'green',
        version: '0.9.0',
      });
      for (const [owner, id] of OWNERS) {
        await cr.bypass(changeOf(owner, id, 'switch', { toVersion: '1.1.0' }));
      }
    });

    it('sorts every field of the blue-green state into served or not (a new field must be listed)', () => {
      expect([...SERVED, ...NOT_SERVED].sort()).toEqual(Object.keys(environmentBlueGreenSchema.shape).sort());
    });

    it.each(OWNERS)('a %s switch goes stale on every served field', async (owner, id) => {
      await checkEveryMutation(owner, id, async () => changeOf(owner, id, 'switch', { toVersion: '5.0.0' }));
    });

    it.each(OWNERS)('a %s rollback goes stale on every served field', async (owner, id) => {
      await checkEveryMutation(owner, id, async () => changeOf(owner, id, 'rollback'));
    });

    it.each(OWNERS)(
      'a %s live slot version goes stale on every served field but the idle slot’s version',
      async (owner, id) => {
        await checkEveryMutation(owner, id, async () => {
          const live = (await state(owner, id)).activeSlot as Slot;
          return changeOf(owner, id, 'slot_version', { slot: live, version: '6.0.0' });
        });
      },
    );
  },
  insertFixtures,
);
