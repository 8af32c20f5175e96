import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_SSO_CLAIM, type SsoSettings, type SsoSettingsInput } from '../../../contract/sso';
import { changedFieldsOf } from '../../audit/changes';
import { recordAudit } from '../../audit/service';
import type { Actor } from '../viewer';
import type { Database, Executor } from '../../db/client';
import { ssoSettings, tenants } from '../../db/schema';
import { badRequest } from '../../errors';
import {
  assertRevision,
  nextRevision,
  PreconditionFailedError,
  type ExpectedRevision,
} from '../../revisions';

const SSO_SETTINGS_ROW_ID = 'global';

const ssoFields = {
  revision: ssoSettings.revision,
  claim: ssoSettings.claim,
  jitProvisioning: ssoSettings.jitProvisioning,
  rules: ssoSettings.rules,
};

/** Revision 0: nothing saved yet. Groups map to nothing and unknown users are refused. */
const DEFAULTS: SsoSettings = { revision: 0, claim: DEFAULT_SSO_CLAIM, jitProvisioning: false, rules: [] };

/** The SSO settings, or the defaults while nobody saved any. */
export async function getSsoSettings(db: Executor): Promise<SsoSettings> {
  const [row] = await db.select(ssoFields).from(ssoSettings).where(eq(ssoSettings.id, SSO_SETTINGS_ROW_ID));
  return row ?? DEFAULTS;
}

/** 400 naming `rules.N.tenantId` for each rule whose tenant does not exist. */
async function assertTenantsExist(db: Executor, input: SsoSettingsInput): Promise<void> {
  const wanted = [...new Set(input.rules.flatMap((rule) => ('tenantId' in rule ? [rule.tenantId] : [])))];
  if (wanted.length === 0) return;
  const found = await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, wanted));
  const known = new Set(found.map((row) => row.id));
  const issues = input.rules.flatMap((rule, index) =>
    'tenantId' in rule && !known.has(rule.tenantId)
      ? [{ path: `body.rules.${index}.tenantId`, message: `Unknown tenant ${rule.tenantId}` }]
      : [],
  );
  if (issues.length > 0) throw badRequest(issues.map((issue) => issue.message).join('; '), issues);
}

/**
 * Replaces the SSO settings (If-Match refuses a stale save with 412) and audits what changed. The rules
 * apply at each user's next SSO sign-in, not to sessions already open.
 */
export async function replaceSsoSettings(
  db: Database,
  input: SsoSettingsInput,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<SsoSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(ssoFields)
      .from(ssoSettings)
      .where(eq(ssoSettings.id, SSO_SETTINGS_ROW_ID))
      .for('update');
    const previous = before ?? DEFAULTS;
    assertRevision(previous, expectedRevision, 'The SSO settings');
    await assertTenantsExist(tx, input);
    const values = { ...input, updatedBy: actor.email };
    // The first save races to insert the row, as for the account settings (settings/service.ts).
    const [after] = await tx
      .insert(ssoSettings)
      .values({ id: SSO_SETTINGS_ROW_ID, ...values })
      .onConflictDoUpdate({
        target: ssoSettings.id,
        set: { ...values, updatedAt: sql`now()`, revision: nextRevision(ssoSettings.revision) },
        setWhere: expectedRevision === undefined ? undefined : eq(ssoSettings.revision, previous.revision),
      })
      .returning(ssoFields);
    if (!after) {
      const current = await getSsoSettings(tx);
      throw new PreconditionFailedError(current.revision, current, 'The SSO settings');
    }
    await recordAudit(tx, actor, {
      action: 'settings.sso.update',
      resourceType: 'sso-settings',
      resourceId: 'sso',
      changes: changedFieldsOf(previous, after, input),
    });
    return after;
  });
}
