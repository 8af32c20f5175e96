import { and, asc, desc, eq } from 'drizzle-orm';
import type { VersionContextParams } from '../../contract/capability-subscriptions';
import type { ConfigurationVersion } from '../../contract/capability-subscriptions';
import type { Executor } from '../db/client';
import { capabilitySubscriptionVersions as versions } from '../db/schema';
import { notFound } from '../errors';

function inContext(context: Omit<VersionContextParams, 'capabilityId'> & { capabilityId?: string }) {
  return and(
    eq(versions.tenantId, context.tenantId),
    context.capabilityId ? eq(versions.capabilityId, context.capabilityId) : undefined,
    eq(versions.environment, context.environment),
    eq(versions.region, context.region),
  );
}

/** The active configuration of one context; 404 when the context has none. */
export async function getActiveVersion(db: Executor, context: VersionContextParams): Promise<ConfigurationVersion> {
  const [active] = await db
    .select()
    .from(versions)
    .where(and(inContext(context), eq(versions.isActive, true)));
  if (!active) throw notFound('Active configuration version');
  return active;
}

/** Every active configuration of a tenant in one (environment, region): one query for the whole page. */
export async function listActiveVersions(
  db: Executor,
  context: Omit<VersionContextParams, 'capabilityId'>,
): Promise<ConfigurationVersion[]> {
  return db
    .select()
    .from(versions)
    .where(and(inContext(context), eq(versions.isActive, true)))
    .orderBy(asc(versions.capabilityId));
}

/** A context's versions, newest first. */
export async function listVersionHistory(db: Executor, context: VersionContextParams): Promise<ConfigurationVersion[]> {
  return db.select().from(versions).where(inContext(context)).orderBy(desc(versions.version));
}
