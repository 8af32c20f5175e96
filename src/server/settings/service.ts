import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SETTINGS, type Settings, type SettingsInput } from '../../contract/settings';
import { changedFieldsOf } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { settings, SETTINGS_ROW_ID } from '../db/schema';
import { assertRevision, nextRevision, PreconditionFailedError, type ExpectedRevision } from '../revisions';

/** Every column but the fixed id. */
const settingsFields = {
  accountEmail: settings.accountEmail,
  organization: settings.organization,
  emailNotifications: settings.emailNotifications,
  autoScaling: settings.autoScaling,
  maintenanceMode: settings.maintenanceMode,
  requireProductionHealthChecks: settings.requireProductionHealthChecks,
  updatedAt: settings.updatedAt,
  updatedBy: settings.updatedBy,
  revision: settings.revision,
};

/** Revision 0: nothing saved yet, so the first save (revision 1) can still be conditional. */
const DEFAULTS: Settings = { ...DEFAULT_SETTINGS, updatedAt: null, updatedBy: null, revision: 0 };

/** The settings, or the defaults while nobody saved any. */
export async function getSettings(db: Executor): Promise<Settings> {
  const [row] = await db.select(settingsFields).from(settings).where(eq(settings.id, SETTINGS_ROW_ID));
  return row ?? DEFAULTS;
}

/**
 * Replaces every setting (an empty account email means none) and audits what changed. With an
 * expected revision the save is refused (412) when someone else saved since, so a stale form cannot
 * switch maintenance mode back.
 */
export async function replaceSettings(
  db: Database,
  input: SettingsInput,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<Settings> {
  const values = { ...input, accountEmail: input.accountEmail || null, updatedBy: actor.email };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(settingsFields)
      .from(settings)
      .where(eq(settings.id, SETTINGS_ROW_ID))
      .for('update');
    const previous = before ?? DEFAULTS;
    assertRevision(previous, expectedRevision, 'The settings');
    // Before the first save there is no row to lock: two first saves race to insert it, and the
    // loser's ON CONFLICT update applies only while the revision is still the one it expected.
    const [after] = await tx
      .insert(settings)
      .values({ id: SETTINGS_ROW_ID, ...values })
      .onConflictDoUpdate({
        target: settings.id,
        set: { ...values, updatedAt: sql`now()`, revision: nextRevision(settings.revision) },
        setWhere: expectedRevision === undefined ? undefined : eq(settings.revision, previous.revision),
      })
      .returning(settingsFields);
    if (!after) {
      const current = await getSettings(tx);
      throw new PreconditionFailedError(current.revision, current, 'The settings');
    }
    const changed = changedFieldsOf(previous, after, input);
    await recordAudit(tx, actor, {
      action: 'settings.update',
      resourceType: 'settings',
      resourceId: SETTINGS_ROW_ID,
      changes: changed,
    });
    return after;
  });
}

/** One indexed primary-key read: whether changes by non-administrators are paused. */
export async function isMaintenanceModeOn(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ on: settings.maintenanceMode })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ROW_ID));
  return row?.on ?? DEFAULT_SETTINGS.maintenanceMode;
}

/** Whether a production switch needs a slot with a health check (the health gate, rollouts/gate.ts). */
export async function areProductionHealthChecksRequired(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ on: settings.requireProductionHealthChecks })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ROW_ID));
  return row?.on ?? DEFAULT_SETTINGS.requireProductionHealthChecks;
}
