import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { maskRecordedSecrets } from './mask-secrets';

/** Events recorded before the trail masked secrets are masked in place at start, once. */
describeApi('masking the secrets recorded events still hold', (ctx) => {
  it('masks secrets inside recorded JSON text, leaves the rest and the events an undo restores from', async () => {
    const settings = JSON.stringify({ domain: 'a', clientSecret: 'old-secret' });
    const rows = await ctx()
      .db.insert(auditEvents)
      .values([
        {
          action: 'tenant.update',
          resourceType: 'tenant',
          changes: JSON.stringify({ idpConfiguration: { from: null, to: settings } }),
        },
        {
          action: 'configuration.create',
          resourceType: 'configuration',
          changes: JSON.stringify({ after: { configuration: JSON.stringify({ apiKeys: ['k1'] }) } }),
        },
        { action: 'tenant.update', resourceType: 'tenant', changes: JSON.stringify({ tokenId: 'tok-1' }) },
        {
          action: 'api_token.revoke',
          resourceType: 'api_token',
          changes: JSON.stringify({ before: { tokenPrefix: 'rmt_ab' }, after: { tokenPrefix: 'rmt_ab' } }),
        },
        {
          action: 'template.delete',
          resourceType: 'notification-template',
          changes: JSON.stringify({ before: { content: JSON.stringify({ token: '{{token}}' }) } }),
        },
      ])
      .returning();
    const before = rows.map((row) => row.changes);
    // A drift finding recorded with its diff's sides parsed (the trail masked only JSON text then).
    const [drift] = await ctx()
      .db.insert(auditEvents)
      .values({
        action: 'git_link.drift_detected',
        resourceType: 'git-link',
        changes: JSON.stringify({
          finding: {
            diff: [{ label: 'Say "v2"', before: null, after: { db: { host: 'h', password: 'drifted-pw' } } }],
          },
        }),
      })
      .returning();

    expect(await maskRecordedSecrets(ctx().db)).toBe(3);
    const [driftAfter] = await ctx()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.id, drift?.id ?? ''));
    expect(driftAfter?.changes).not.toContain('drifted-pw');
    expect(JSON.parse(driftAfter?.changes ?? '').finding.diff[0].after.db).toEqual({
      host: 'h',
      password: { secretRef: 'finding.diff.db.password', changed: true },
    });
    const after = await Promise.all(
      rows.map(async ({ id }) => {
        const [row] = await ctx().db.select().from(auditEvents).where(eq(auditEvents.id, id));
        return row?.changes;
      }),
    );
    const to = JSON.parse(JSON.parse(after[0] ?? '').idpConfiguration.to);
    expect(to).toEqual({ domain: 'a', clientSecret: { secretRef: 'idpConfiguration.clientSecret' } });
    const keys = JSON.parse(JSON.parse(after[1] ?? '').after.configuration);
    expect(keys).toEqual({ apiKeys: [{ secretRef: 'configuration.apiKeys[0]' }] });
    expect(after.slice(2)).toEqual(before.slice(2));
    // A second start finds nothing to do: a row's snapshot with a column named like a secret is no candidate.
    expect(await maskRecordedSecrets(ctx().db)).toBe(0);
  });
});
