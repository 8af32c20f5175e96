import { expect, it } from 'vitest';
import { changeRequestDetailSchema, type Change } from '../../contract/changes';
import { userIdentities } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, SECOND_ADMIN } from '../test/change-requests';
import { insertFixtures, insertProductionWebApp } from '../test/fixtures';
import { sessionCookieFor, TEST_ADMIN, type TestPersona } from '../test/sessions';

/* Four eyes are two people (docs/changes.md): one person with two credentials cannot request and approve. */

/** Administrators nobody in these tests made: the independent second pair of eyes. */
const THIRD_ADMIN: TestPersona = { id: 'fe-third', email: 'fe-third@example.com', globalRole: 'admin' };
const FOURTH_ADMIN: TestPersona = { id: 'fe-fourth', email: 'fe-fourth@example.com', globalRole: 'admin' };
const FIFTH_ADMIN: TestPersona = { id: 'fe-fifth', email: 'fe-fifth@example.com', globalRole: 'admin' };
const SIXTH_ADMIN: TestPersona = { id: 'fe-sixth', email: 'fe-sixth@example.com', globalRole: 'admin' };

const PASSWORD = 'quartz meadow lantern 42';

describeApi(
  'change requests: four eyes are two people',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const as = (headers: Record<string, string>) => ({
      post: (url: string, payload: object = {}) =>
        ctx().app.inject({ method: 'POST', url, payload, headers }),
      patch: (url: string, payload: object) => ctx().app.inject({ method: 'PATCH', url, payload, headers }),
    });
    const login = async (email: string, password = PASSWORD) => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(res.statusCode, res.body).toBe(200);
      return { cookie: String(res.headers['set-cookie']).split(';')[0] ?? '' };
    };
    const webAppUrl = async (id: string) => (await cr.call('GET', `/api/web-apps/${id}`)).json().url;
    const detail = async (id: string, persona: TestPersona) =>
      changeRequestDetailSchema.parse((await cr.detail(id, persona)).json());

    /** A production web app of tenant-001, and the change of its URL. */
    const productionApp = async (name: string, tenantId = 'tenant-001') => {
      const { id: webAppId } = await insertProductionWebApp(ctx().db, {
        name,
        technology: 'module-federation',
        tenantId,
        url: `https://${name}.example.com`,
      });
      const change: Change = { kind: 'web_app.update', webAppId, body: { url: 'https://evil.example.com' } };
      return { webAppId, change };
    };
    /** A service account made by `maker`, and a token for it minted by `minter` (sessions). */
    const serviceAccount = async (name: string, maker: TestPersona) => {
      const made = await cr.call('POST', '/api/service-accounts', { name, globalRole: 'admin' }, maker);
      expect(made.statusCode, made.body).toBe(201);
      return made.json().id as string;
    };
    const mintToken = async (accountId: string, minter: TestPersona) => {
      const res = await cr.call('POST', `/api/users/${accountId}/tokens`, { name: 'ci' }, minter);
      expect(res.statusCode, res.body).toBe(201);
      return { authorization: `Bearer ${res.json().token as string}` };
    };
    const fileWith = async (headers: Record<string, string>, change: Change) => {
      const res = await as(headers).post('/api/change-requests', { change });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().status).toBe('pending');
      return res.json().id as string;
    };
    /** A global administrator account made by `maker` (a session), with a password: signed in as. */
    const adminMadeBy = async (maker: Record<string, string>, name: string) => {
      const email = `${name.toLowerCase()}@example.com`;
      const res = await as(maker).post('/api/users', {
        name,
        email,
        globalRole: 'admin',
        password: PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().id as string, session: await login(email) };
    };
    const sessionOf = async (persona: TestPersona) => ({
      cookie: await sessionCookieFor(ctx().db, persona),
    });
    const blockedBy = async (id: string, headers: Record<string, string>) =>
      changeRequestDetailSchema.parse(
        (await ctx().app.inject({ method: 'GET', url: `/api/change-requests/${id}`, headers })).json(),
      ).can.approveBlockedBy;
    /** Whether the request is in the viewer's "Waiting for me" list: it must agree with the approve button. */
    const waitsFor = async (id: string, who: { cookie: string } | TestPersona) => {
      const headers = 'cookie' in who ? who : await sessionOf(who);
      const url = '/api/change-requests?view=waiting&limit=100';
      const res = await ctx().app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string }[]>().some((request) => request.id === id);
    };
    const expectRefused = async (
      approval: { statusCode: number; body: string; json(): { message: string } },
      reason: RegExp,
    ) => {
      expect(approval.statusCode, approval.body).toBe(403);
      expect(approval.json().message).toMatch(reason);
    };

    it("refuses the approval of a service account's request by the administrator who made it and its token", async () => {
      const { webAppId, change } = await productionApp('shop');
      const bot = await serviceAccount('Deploy Bot', TEST_ADMIN);
      const id = await fileWith(await mintToken(bot, TEST_ADMIN), change);

      expect(await waitsFor(id, TEST_ADMIN)).toBe(false);
      expect(await waitsFor(id, SECOND_ADMIN)).toBe(true);
      await expectRefused(await cr.approve(id, TEST_ADMIN), /service account|token/i);
      const seen = await detail(id, TEST_ADMIN);
      expect(seen.can.approve).toBe(false);
      expect(seen.can.approveBlockedBy).toMatch(/service account|token/i);
      expect(seen.status).toBe('pending');
      expect(await webAppUrl(webAppId)).toBe('https://shop.example.com');

      // Someone with no hand in the service account or its tokens approves, and the change applies.
      expect((await detail(id, SECOND_ADMIN)).can).toMatchObject({ approve: true, approveBlockedBy: null });
      expect((await cr.approve(id, SECOND_ADMIN)).json().status).toBe('applied');
      expect(await webAppUrl(webAppId)).toBe('https://evil.example.com');
    });

    it("refuses whoever made the service account, the filing token or another of its tokens; a stranger's approval counts", async () => {
      const { change } = await productionApp('cart');
      const bot = await serviceAccount('Release Bot', TEST_ADMIN);
      const filing = await mintToken(bot, SECOND_ADMIN);
      await mintToken(bot, THIRD_ADMIN);
      const id = await fileWith(filing, change);

      for (const refused of [TEST_ADMIN, SECOND_ADMIN, THIRD_ADMIN])
        expect(await waitsFor(id, refused)).toBe(false);
      expect(await waitsFor(id, FOURTH_ADMIN)).toBe(true);
      await expectRefused(await cr.approve(id, TEST_ADMIN), /made the service account/i);
      await expectRefused(await cr.approve(id, SECOND_ADMIN), /token/i);
      await expectRefused(await cr.approve(id, THIRD_ADMIN), /token/i);
      expect((await cr.approve(id, FOURTH_ADMIN)).json().status).toBe('applied');
    });

    it('lets nobody approve a request whose service account, and so its token, was deleted', async () => {
      const { change } = await productionApp('catalog');
      const bot = await serviceAccount('Gone Bot', TEST_ADMIN);
      const id = await fileWith(await mintToken(bot, TEST_ADMIN), change);
      const deleted = await ctx().inject({ method: 'DELETE', url: `/api/users/${bot}` });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await waitsFor(id, FOURTH_ADMIN)).toBe(false);
      await expectRefused(await cr.approve(id, FOURTH_ADMIN), /no longer exists/);
      expect((await detail(id, FOURTH_ADMIN)).can.approveBlockedBy).toMatch(/no longer exists/);
    });

    it('refuses the approval by an administrator account the requester created with a password', async () => {
      const { webAppId, change } = await productionApp('billing');
      const id = await cr.request(change, TEST_ADMIN);
      const created = await cr.call('POST', '/api/users', {
        name: 'Shadow Admin',
        email: 'shadow@example.com',
        globalRole: 'admin',
        password: PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(201);
      const shadow = await login('shadow@example.com');

      expect(await waitsFor(id, shadow)).toBe(false);
      expect(await waitsFor(id, THIRD_ADMIN)).toBe(true);
      await expectRefused(await as(shadow).post(`/api/change-requests/${id}/approve`), /created/i);
      const seen = changeRequestDetailSchema.parse(
        (
          await ctx().app.inject({ method: 'GET', url: `/api/change-requests/${id}`, headers: shadow })
        ).json(),
      );
      expect(seen.can).toMatchObject({ approve: false });
      expect(seen.can.approveBlockedBy).toMatch(/created your account/i);

      // A chain does not launder it: an account the shadow account made is the requester's too.
      const chained = await as(shadow).post('/api/users', {
        name: 'Shadow Two',
        email: 'shadow-two@example.com',
        globalRole: 'admin',
        password: PASSWORD,
      });
      expect(chained.statusCode, chained.body).toBe(201);
      const second = await login('shadow-two@example.com');
      expect(await waitsFor(id, second)).toBe(false);
      await expectRefused(await as(second).post(`/api/change-requests/${id}/approve`), /created/i);
      expect(await webAppUrl(webAppId)).toBe('https://billing.example.com');

      expect((await cr.approve(id, THIRD_ADMIN)).json().status).toBe('applied');
    });

    it('refuses the approval by an administrator whose password the requester set last', async () => {
      const { change } = await productionApp('search');
      const id = await cr.request(change, TEST_ADMIN);
      expect((await detail(id, FOURTH_ADMIN)).can.approve).toBe(true);
      expect(await waitsFor(id, FOURTH_ADMIN)).toBe(true);
      const reset = await cr.call('POST', `/api/users/${FOURTH_ADMIN.id}/password`, { password: PASSWORD });
      expect(reset.statusCode, reset.body).toBe(204);
      const fourth = await login(FOURTH_ADMIN.email);
      expect(await waitsFor(id, fourth)).toBe(false);
      await expectRefused(await as(fourth).post(`/api/change-requests/${id}/approve`), /password/i);
      expect((await cr.approve(id, THIRD_ADMIN)).json().status).toBe('applied');
    });

    it('refuses the approval by an administrator whose e-mail the requester set: single sign-on links by the address', async () => {
      const { change } = await productionApp('ledger');
      const id = await cr.request(change, TEST_ADMIN);
      expect(await waitsFor(id, SIXTH_ADMIN)).toBe(true);
      // The requester may hold the new address at the identity provider, whose next sign-in with it would
      // link to (and so be) the sixth administrator's account.
      const moved = await cr.call('PATCH', `/api/users/${SIXTH_ADMIN.id}`, {
        email: 'sixth-alias@example.com',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const sixth = { ...SIXTH_ADMIN, email: 'sixth-alias@example.com' };
      expect(await waitsFor(id, sixth)).toBe(false);
      await expectRefused(await cr.approve(id, sixth), /set your e-mail address/);
      expect((await detail(id, sixth)).can.approveBlockedBy).toMatch(/set your e-mail address/);

      // Someone else setting it again does not launder it while a link made by the address stands.
      await ctx().db.insert(userIdentities).values({
        userId: SIXTH_ADMIN.id,
        issuer: 'https://idp.example.com',
        subject: 'alias-held-by-the-requester',
        email: 'sixth-alias@example.com',
        emailSetById: TEST_ADMIN.id,
      });
      const back = await cr.call(
        'PATCH',
        `/api/users/${SIXTH_ADMIN.id}`,
        { email: SIXTH_ADMIN.email },
        THIRD_ADMIN,
      );
      expect(back.statusCode, back.body).toBe(200);
      await expectRefused(await cr.approve(id, SIXTH_ADMIN), /set your e-mail address/);

      // Their own change of address is theirs: it records nobody.
      const own = await cr.call(
        'PATCH',
        `/api/users/${THIRD_ADMIN.id}`,
        { email: 'third-new@example.com' },
        THIRD_ADMIN,
      );
      expect(own.statusCode, own.body).toBe(200);
      expect((await cr.approve(id, { ...THIRD_ADMIN, email: 'third-new@example.com' })).json().status).toBe(
        'applied',
      );
    });

    it('counts an account made again with the address of the requester as the requester', async () => {
      const { change } = await productionApp('orders');
      // The requester's account goes; a new one with the same address (any case) is still them.
      const requester = await adminMadeBy(await sessionOf(FOURTH_ADMIN), 'Rita');
      const filed = await as(requester.session).post('/api/change-requests', { change });
      expect(filed.statusCode, filed.body).toBe(201);
      const id = filed.json().id as string;
      const gone = await cr.call('DELETE', `/api/users/${requester.id}`);
      expect(gone.statusCode, gone.body).toBe(204);
      const again = await adminMadeBy(await sessionOf(THIRD_ADMIN), 'RITA');
      expect(again.id).not.toBe(requester.id);
      expect(await waitsFor(id, again.session)).toBe(false);
      await expectRefused(
        await as(again.session).post(`/api/change-requests/${id}/approve`),
        /e-mail address is the requester's/,
      );
      expect(await blockedBy(id, again.session)).toMatch(/e-mail address is the requester's/);
      // Moving the new account to another address of its own changes nothing: it had the requester's.
      const moved = await as(again.session).patch(`/api/users/${again.id}`, { email: 'rita-2@example.com' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await waitsFor(id, again.session)).toBe(false);
      await expectRefused(
        await as(again.session).post(`/api/change-requests/${id}/approve`),
        /e-mail address is the requester's/,
      );
      expect((await cr.approve(id, FIFTH_ADMIN)).json().status).toBe('applied');
    });

    it('counts the approvals of an account and of one made again with its address as one person', async () => {
      const raised = await cr.call('PUT', '/api/tenants/tenant-002/approval-policy', {
        requiredApprovals: { development: 0, uat: 0, production: 2 },
      });
      expect(raised.statusCode, raised.body).toBe(200);
      const { change } = await productionApp('invoices', 'tenant-002');
      const id = await cr.request(change, SECOND_ADMIN);
      const approver = await adminMadeBy(await sessionOf(FOURTH_ADMIN), 'Avery');
      const first = await as(approver.session).post(`/api/change-requests/${id}/approve`);
      expect(first.statusCode, first.body).toBe(200);
      expect((await cr.call('DELETE', `/api/users/${approver.id}`)).statusCode).toBe(204);

      const again = await adminMadeBy(await sessionOf(THIRD_ADMIN), 'Avery');
      await expectRefused(
        await as(again.session).post(`/api/change-requests/${id}/approve`),
        /e-mail address approved it already/,
      );
      expect((await cr.approve(id, FIFTH_ADMIN)).json().status).toBe('applied');
    });

    it("lets whoever set the requester's password approve: administrators onboard people that way", async () => {
      const { webAppId, change } = await productionApp('ledger');
      const admin = await sessionOf(TEST_ADMIN);
      const developer = await adminMadeBy(admin, 'Developer');
      const id = await fileWith(developer.session, change);
      expect(await blockedBy(id, admin)).toBeNull();
      expect(await waitsFor(id, admin)).toBe(true);
      expect((await cr.approve(id, TEST_ADMIN)).json().status).toBe('applied');
      expect(await webAppUrl(webAppId)).toBe('https://evil.example.com');
    });

    it('counts two approvals from accounts one of which made the other, or set its password, as one', async () => {
      const raised = await cr.call('PUT', '/api/tenants/tenant-002/approval-policy', {
        requiredApprovals: { development: 0, uat: 0, production: 2 },
      });
      expect(raised.statusCode, raised.body).toBe(200);
      const { webAppId, change } = await productionApp('payroll', 'tenant-002');
      const id = await cr.request(change, SECOND_ADMIN);
      const third = await sessionOf(THIRD_ADMIN);
      const deputy = await adminMadeBy(third, 'Deputy');
      expect((await cr.approve(id, THIRD_ADMIN)).statusCode).toBe(200);

      await expectRefused(await as(deputy.session).post(`/api/change-requests/${id}/approve`), /approved/i);
      expect(await blockedBy(id, deputy.session)).toMatch(/approved/i);
      // The other way round: the deputy approves a request first, and its maker is refused.
      const otherChange: Change = {
        kind: 'web_app.update',
        webAppId,
        body: { url: 'https://x.example.com' },
      };
      const other = await cr.request(otherChange, SECOND_ADMIN);
      expect((await as(deputy.session).post(`/api/change-requests/${other}/approve`)).statusCode).toBe(200);
      await expectRefused(await cr.approve(other, THIRD_ADMIN), /approved/i);

      expect(await webAppUrl(webAppId)).toBe('https://payroll.example.com');
      const applied = await cr.approve(id, FIFTH_ADMIN);
      expect(applied.json().status, applied.body).toBe('applied');
    });
  },
  insertFixtures,
);
