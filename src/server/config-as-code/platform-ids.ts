import type { Executor } from '../db/database';
import { capabilities, microfrontends, notificationTemplates } from '../db/schema';
import { templateKey } from './keys';

/** The server's ids of what the platform document names by natural key. */
export async function platformIds(tx: Executor) {
  const capabilityRows = await tx.select({ id: capabilities.id, name: capabilities.name }).from(capabilities);
  const microfrontendRows = await tx
    .select({ id: microfrontends.id, slug: microfrontends.slug })
    .from(microfrontends);
  const templateRows = await tx.select().from(notificationTemplates);
  return {
    capability: new Map(capabilityRows.map((row) => [row.name, row.id])),
    microfrontend: new Map(microfrontendRows.map((row) => [row.slug, row.id])),
    template: new Map(templateRows.map((row) => [`${row.capabilityId}/${templateKey(row)}`, row.id])),
  };
}
export type PlatformIds = Awaited<ReturnType<typeof platformIds>>;
