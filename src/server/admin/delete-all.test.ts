import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { DELETE_ALL_CONFIRMATION } from '../../contract/settings';
import {
  auditEvents,
  capabilities,
  capabilityDeployments,
  capabilitySubscriptions,
  capabilitySubscriptionVersions,
  microfrontendDeployments,
  microfrontends,
  microfrontendVersions,
  notificationTemplates,
  settings,
  tenants,
  userProfiles,
  users,
  webAppMeshes,
  webApps,
} from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

describeApi(
  'delete all resources',
  (ctx) => {
    const send = (payload: object, cookie?: string) =>
      ctx().inject({
        method: 'POST',
        url: '/api/admin/delete-all-resources',
        payload,
        headers: cookie ? { cookie } : {},
      });
    const rows = async (table: PgTable) => (await ctx().db.select({ n: count() }).from(table))[0]?.n;

    it('refuses anything but the exact phrase (400 naming body.confirmation)', async () => {
      for (const body of [{}, { confirmation: 'delete all resources' }, { confirmation: 'yes' }]) {
        const res = await send(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues[0].path).toBe('body.confirmation');
      }
      expect(await rows(tenants)).toBe(4);
    });

    it('is for administrators only (403), even for a tenant owner', async () => {
      const owner = await sessionCookieFor(ctx().db, {
        id: 'd-owner',
        email: 'd-owner@acme.io',
        roles: { 'tenant-001': 'owner' },
      });
      expect((await send({ confirmation: DELETE_ALL_CONFIRMATION }, owner)).statusCode).toBe(403);
      expect(await rows(tenants)).toBe(4);
    });

    it('removes tenants with everything in them and all deployments; keeps users, catalogue, registry, templates, settings', async () => {
      await ctx().inject({
        method: 'PUT',
        url: '/api/settings',
        payload: {
          accountEmail: null,
          organization: 'Acme',
          emailNotifications: true,
          autoScaling: false,
          maintenanceMode: false,
        },
      });
      const usersBefore = await rows(users);
      const res = await send({ confirmation: DELETE_ALL_CONFIRMATION });
      expect(res.statusCode).toBe(200);
      // The owner persona above has a profile too: 3 fixture profiles + 1.
      const removed = {
        tenants: 4,
        webApps: 4,
        userProfiles: 4,
        subscriptions: 1,
        configurationVersions: 3,
        meshes: 1,
        gatewayRoutes: 0,
        opaPolicies: 0,
        microfrontendDeployments: 2,
        capabilityDeployments: 2,
      };
      expect(res.json()).toEqual(removed);
      for (const table of [
        tenants,
        webApps,
        userProfiles,
        capabilitySubscriptions,
        capabilitySubscriptionVersions,
        webAppMeshes,
        microfrontendDeployments,
        capabilityDeployments,
      ]) {
        expect(await rows(table)).toBe(0);
      }
      expect(await rows(users)).toBe(usersBefore);
      expect(await rows(capabilities)).toBe(4);
      expect(await rows(notificationTemplates)).toBe(2);
      expect(await rows(microfrontends)).toBe(2);
      expect(await rows(microfrontendVersions)).toBe(3);
      expect(await rows(settings)).toBe(1);
      const events = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'admin.delete_all_resources'));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorId: 'test-admin', resourceType: 'system' });
      expect(JSON.parse(events[0]?.changes ?? '{}')).toEqual({ removed });
      // Lists are empty afterwards, and a second run removes nothing.
      expect((await ctx().get('/api/tenants')).json()).toEqual([]);
      expect((await send({ confirmation: DELETE_ALL_CONFIRMATION })).json()).toMatchObject({
        tenants: 0,
        webApps: 0,
      });
    });
  },
  insertFixtures,
);
