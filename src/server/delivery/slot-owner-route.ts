import type { z } from 'zod';
import type { Environment } from '../../contract/common';
import { slotOwnerParamsSchema, type SlotOwnerKind } from '../../contract/rollouts';
import { signedIn } from '../auth/permissions';
import type { Database, Executor } from '../db/client';
import { childrenRoute } from '../http/route-options';
import type { ZodApp } from '../http/zod-app';

/** What one of a slot owner's reads answers: its records in one environment (health probes, rollouts). */
interface SlotOwnerRead<I extends z.ZodType> {
  path: string;
  summary: string;
  item: I;
  read: (
    db: Executor,
    resourceType: SlotOwnerKind,
    resourceId: string,
    environment: Environment,
  ) => Promise<z.output<I>[]>;
}

/**
 * GET the records of a microfrontend's or capability's slots in one environment, for everyone signed in:
 * the owner, its id and the environment in the path.
 */
export function slotOwnerReadRoute<I extends z.ZodType>(
  app: ZodApp,
  db: Database,
  route: SlotOwnerRead<I>,
): void {
  // Typed here as any schema: `read` already answers the item's output, which the response checks again.
  const item: z.ZodType = route.item;
  app.get(
    route.path,
    childrenRoute({
      config: { permission: signedIn },
      tags: ['deployments'],
      summary: route.summary,
      params: slotOwnerParamsSchema,
      item,
      errors: [400, 404],
    }),
    async (request) => {
      const { resourceType, id, environment } = request.params;
      return route.read(db, resourceType, id, environment);
    },
  );
}
