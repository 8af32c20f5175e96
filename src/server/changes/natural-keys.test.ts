import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Change } from '../../contract/changes';
import type { Database } from '../db/client';
import { approvalPolicies, webAppMeshes } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';

/*
 * A change that names a row by natural key (a microfrontend's slug, a capability's name) is stale once
 * the key finds another row: renaming one away and another to its key is no way to make an approved
 * request act on a row its reviewers never saw (docs/changes.md, "Natural keys").
 */

/** One approval for production changes of tenant-001 and of the platform: every change here is reviewed. */
async function prepare(db: Database): Promise<void> {
  await insertFixtures(db);
  await db.insert(approvalPolicies).values(
    ['tenant-001', null].map((tenantId) => ({
      tenantId,
      environment: 'production' as const,
      requiredApprovals: 1,
    })),
  );
}

describeApi(
  'changes that name rows by natural key',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    let n = 0;
    const ok = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
      const res = await response;
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as { id: string };
    };
    /** A microfrontend with one version, 1.0.0 (published when asked), made directly. */
    const microfrontend = async (slug: string, entryUrl: string, publish: boolean) => {
      const made = await ok(cr.call('POST', '/api/microfrontends', { slug, name: slug }));
      const version = await ok(
        cr.call('POST', '/api/microfrontend-versions', {
          microfrontendId: made.id,
          version: '1.0.0',
          entryUrl,
          exposedModules: '["./App"]',
          integrityHash: 'sha256-abc=',
        }),
      );
      if (publish) await ok(cr.call('POST', `/api/microfrontend-versions/${version.id}/publish`, {}));
      return { id: made.id, versionId: version.id };
    };
    /** Gives `taken` another slug and `other` the slug `taken` had, directly (no approval needed). */
    const swapSlugs = async (slug: string, taken: string, other: string) => {
      await ok(cr.call('PATCH', `/api/microfrontends/${taken}`, { slug: `${slug}-old` }));
      await ok(cr.call('PATCH', `/api/microfrontends/${other}`, { slug }));
    };

    it('a mesh menu naming a version by slug goes stale when the slug moves to another microfrontend', async () => {
      const slug = `nk-shell-${++n}`;
      const real = await microfrontend(slug, 'https://cdn.example.com/real.js', true);
      const evil = await microfrontend(`nk-evil-${n}`, 'https://evil.example.net/r.js', true);
      const item = (label: string) => ({
        label,
        microfrontend: slug,
        version: '1.0.0',
        config: {},
        order: 0,
      });
      await cr.bypass({
        kind: 'mesh.create',
        body: { tenantId: 'tenant-001', name: `NK mesh ${n}`, menuItems: JSON.stringify([item('Home')]) },
      });
      const [mesh] = await ctx()
        .db.select()
        .from(webAppMeshes)
        .where(eq(webAppMeshes.name, `NK mesh ${n}`));
      const id = await cr.request({
        kind: 'mesh.update',
        meshId: mesh?.id ?? '',
        body: { menuItems: JSON.stringify([item('Start')]) },
      });
      await cr.expectFresh(id, 'nothing moved yet');
      await swapSlugs(slug, real.id, evil.id);
      await cr.expectStale(id, 'the slug now finds another version');
      const [after] = await ctx()
        .db.select()
        .from(webAppMeshes)
        .where(eq(webAppMeshes.id, mesh?.id ?? ''));
      expect(after?.menuItems).toContain(real.versionId);
      expect(after?.menuItems).not.toContain(evil.versionId);
    });

    it.each([
      [
        'publishing a version',
        (slug: string): Change => ({
          kind: 'microfrontend_version.status',
          microfrontendSlug: slug,
          version: '1.0.0',
          status: 'published',
        }),
      ],
      [
        'a new version',
        (slug: string): Change => ({
          kind: 'microfrontend_version.create',
          body: {
            microfrontendSlug: slug,
            version: '2.0.0',
            entryUrl: 'https://cdn.example.com/real-2.js',
            exposedModules: '["./App"]',
            integrityHash: 'sha256-abc=',
          },
        }),
      ],
    ])('%s by slug goes stale when the slug moves to another microfrontend', async (_, change) => {
      const slug = `nk-slug-${++n}`;
      const real = await microfrontend(slug, 'https://cdn.example.com/real.js', false);
      const other = await microfrontend(`nk-other-${n}`, 'https://evil.example.net/r.js', false);
      const id = await cr.request(change(slug));
      await cr.expectFresh(id, 'nothing moved yet');
      await swapSlugs(slug, real.id, other.id);
      await cr.expectStale(id, 'the slug now finds another microfrontend');
    });

    it('a template for a capability by name goes stale when the name moves to another capability', async () => {
      const name = `NK capability ${++n}`;
      const capability = (called: string) =>
        ok(cr.call('POST', '/api/capabilities', { name: called, supportsNotificationTemplates: true }));
      const real = await capability(name);
      const other = await capability(`NK other ${n}`);
      const id = await cr.request({
        kind: 'notification_template.create',
        body: {
          capabilityName: name,
          name: 'Hello',
          language: 'en',
          deliveryChannel: 'email',
          content: 'Hi',
          subject: 'Hi',
        },
      });
      await cr.expectFresh(id, 'nothing moved yet');
      await ok(cr.call('PATCH', `/api/capabilities/${real.id}`, { name: `${name} (old)` }));
      await ok(cr.call('PATCH', `/api/capabilities/${other.id}`, { name }));
      await cr.expectStale(id, 'the name now finds another capability');
    });
  },
  prepare,
);
