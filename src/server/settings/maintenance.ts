import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { MAINTENANCE_MESSAGE } from '../../contract/settings';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { addPreHandler, routeAnswers } from '../http/route-hooks';
import { isMaintenanceModeOn } from './service';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing in and out stay possible, or nobody could reach the switch to turn maintenance off. */
const ALWAYS_ALLOWED = new Set(['POST /api/auth/login', 'POST /api/auth/logout']);

/**
 * Maintenance mode: while on, every state-changing request by a signed-in non-administrator gets 503.
 * Runs after the guard (the viewer is known, authorization passed); reads the setting from the
 * database on each unsafe request, so every server process agrees at once. Only the routes that change
 * state carry the hook (http/route-hooks.ts): a read never pays for it.
 */
export function registerMaintenanceGuard(app: FastifyInstance, deps: { db: Database }): void {
  const refuseDuringMaintenance: preHandlerHookHandler = async (request: FastifyRequest) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const viewer = request.viewer;
    if (!viewer || viewer.isAdmin) return;
    if (ALWAYS_ALLOWED.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    if (await isMaintenanceModeOn(deps.db)) throw new AppError('SERVICE_UNAVAILABLE', MAINTENANCE_MESSAGE);
  };
  app.addHook('onRoute', (route) => {
    const changesState = [...UNSAFE_METHODS].some((method) => routeAnswers(route, method));
    if (changesState && route.url.startsWith('/api/')) addPreHandler(route, refuseDuringMaintenance, 'last');
  });
}
