import type { Change, ChangeRequest, PromoteSetBody } from '../../contract/changes';
import type { Environment } from '../../contract/common';
import { environments } from '../../contract/common';
import type { Database, Transaction } from '../db/client';
import { AppError, conflict } from '../errors';
import { inverseChanges } from './kinds/inverse';
import { promoted } from './kinds/promotion';
import { itemsOf, type ItemRow } from './release-items';
import { lockRequest, summaryOf } from './request-rows';
import type { Caller } from './request-writes';
import { fileRequest } from './requests';

/*
 * Promotion of a set (docs/releases.md): an applied set filed again as one new request for a later
 * environment, each change mapped the way its own promotion maps it.
 */

/** Maps every change; any that cannot be promoted refuses the promotion, naming each. */
async function promotedSet(tx: Transaction, items: ItemRow[], target: Environment): Promise<Change[]> {
  const mapped: unknown[] = [];
  const refused: { path: string; message: string }[] = [];
  for (const item of items) {
    const next = await promoted(tx, item.change, target);
    if (typeof next === 'string') {
      refused.push({
        path: `body.changes.${item.position}`,
        message: `Change ${item.position + 1} (${item.title}): ${next}`,
      });
    } else {
      mapped.push(next);
    }
  }
  if (refused.length > 0) {
    throw new AppError('CONFLICT', `Some changes cannot be promoted to ${target}`, refused);
  }
  return inverseChanges(mapped);
}

/** "Promote": files an applied set again for a later environment, through that environment's approvals. */
export async function filePromotion(
  db: Database,
  id: string,
  body: PromoteSetBody,
  caller: Caller,
): Promise<ChangeRequest> {
  const newId = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id, caller.viewer);
    if (request.status !== 'applied') {
      throw conflict(
        `Change request #${request.number} is ${request.status}: only an applied one can be promoted`,
      );
    }
    if (environments.indexOf(body.targetEnvironment) <= environments.indexOf(request.environment)) {
      const message = `Must be an environment after ${request.environment}`;
      throw new AppError('VALIDATION_FAILED', message, [{ path: 'body.targetEnvironment', message }]);
    }
    const changes = await promotedSet(tx, await itemsOf(tx, request.id), body.targetEnvironment);
    return fileRequest(
      tx,
      {
        changes,
        title: `${request.title} → ${body.targetEnvironment}`.slice(0, 200),
        description: `Promotes #${request.number} to ${body.targetEnvironment}.`,
      },
      caller.viewer,
      caller.ip,
      { promotedFromId: request.id },
    );
  });
  return summaryOf(db, newId);
}
