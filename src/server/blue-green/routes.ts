import { z } from 'zod';
import {
  blueGreenReplySchema,
  rollbackBodySchema,
  slotVersionBodySchema,
  slotVersionGoesLive,
  switchSlotBodySchema,
  toggleBlueGreenBodySchema,
} from '../../contract/blue-green';
import { idParamSchema } from '../../contract/common';
import { requireViewer } from '../auth/guard';
import type { Permission } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import type { ZodApp } from '../http/zod-app';
import { changeBlueGreen, type BlueGreenOwner } from './service';
import { assertDirectChangeAllowed, directChangeGuard, type PolicyScope } from '../changes/policy';
import { rollback, setSlotVersion, switchSlot, toggle } from './transitions';

/** The four blue-green endpoints (docs/product.md, API calls), for one owner kind (tenant or capability). */
export function blueGreenRoutes(
  app: ZodApp,
  options: {
    db: Database;
    owner: BlueGreenOwner;
    base: string;
    param: string;
    permission: Permission;
    tag: string;
    /** The approval policy a switch or rollback of this owner falls under (docs/changes.md). */
    policyScope: (id: string) => PolicyScope;
  },
): void {
  const { db, owner, base, param, permission, tag, policyScope } = options;
  const params = z.object({ [param]: idParamSchema });
  const idOf = (request: { params: Record<string, string> }) => request.params[param] ?? '';
  const reply = { 200: blueGreenReplySchema, ...errorResponses(400, 401, 403, 404, 409) };

  app.post(
    `${base}/:${param}/toggle-environment-blue-green`,
    {
      config: { permission },
      schema: {
        tags: [tag],
        summary: 'Enable or disable blue-green for one environment',
        params,
        body: toggleBlueGreenBodySchema,
        response: reply,
      },
    },
    async (request) =>
      changeBlueGreen(
        db,
        owner,
        idOf(request),
        'toggle',
        request.body.environment,
        (config) => toggle(config, request.body.environment, request.body.enabled),
        actorOf(requireViewer(request), request.ip),
      ),
  );

  app.post(
    `${base}/:${param}/update-environment-slot-version`,
    {
      config: { permission },
      schema: {
        tags: [tag],
        summary: "Set one slot's version",
        params,
        body: slotVersionBodySchema,
        response: reply,
      },
    },
    async (request) => {
      const { environment, slot, version } = request.body;
      const refuseDirect = await directChangeGuard(db, policyScope(idOf(request)), environment);
      return changeBlueGreen(
        db,
        owner,
        idOf(request),
        'slot_version',
        environment,
        (config) => {
          // Judged on the locked row: the idle slot may be prepared freely, but a new version for the
          // live slot (or the first one, which goes live) changes what is served, so the policy applies.
          if (slotVersionGoesLive(config[environment], slot, version)) refuseDirect();
          return setSlotVersion(config, environment, slot, version);
        },
        actorOf(requireViewer(request), request.ip),
      );
    },
  );

  app.post(
    `${base}/:${param}/switch`,
    {
      config: { permission },
      schema: {
        tags: [tag],
        summary: 'Switch to the other slot with a new version',
        params,
        body: switchSlotBodySchema,
        response: reply,
      },
    },
    async (request) => {
      await assertDirectChangeAllowed(db, policyScope(idOf(request)), request.body.environment);
      return changeBlueGreen(
        db,
        owner,
        idOf(request),
        'switch',
        request.body.environment,
        (config, at) => switchSlot(config, request.body.environment, request.body.toVersion, at),
        actorOf(requireViewer(request), request.ip),
      );
    },
  );

  app.post(
    `${base}/:${param}/rollback`,
    {
      config: { permission },
      schema: {
        tags: [tag],
        summary: 'Return to the previous slot',
        params,
        body: rollbackBodySchema,
        response: reply,
      },
    },
    async (request) => {
      await assertDirectChangeAllowed(db, policyScope(idOf(request)), request.body.environment);
      return changeBlueGreen(
        db,
        owner,
        idOf(request),
        'rollback',
        request.body.environment,
        (config, at) => rollback(config, request.body.environment, at),
        actorOf(requireViewer(request), request.ip),
      );
    },
  );
}
