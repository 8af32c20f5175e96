import { asc, eq } from 'drizzle-orm';
import type { NotificationTemplate } from '../../contract/notification-templates';
import type { Executor } from '../db/client';
import { notificationTemplates } from '../db/schema';
import { getCapability } from './service';

/** A capability's notification templates; 404 when the capability does not exist. */
export async function listTemplates(db: Executor, capabilityId: string): Promise<NotificationTemplate[]> {
  await getCapability(db, capabilityId);
  return db
    .select()
    .from(notificationTemplates)
    .where(eq(notificationTemplates.capabilityId, capabilityId))
    .orderBy(asc(notificationTemplates.name), asc(notificationTemplates.language), asc(notificationTemplates.id));
}
