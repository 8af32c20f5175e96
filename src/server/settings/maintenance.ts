import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAINTENANCE_MESSAGE } from '../../contract/settings';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { isMaintenanceModeOn } from './service';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing in and out stay possible, or nobody could reach the switch to turn maintenance off. */
const ALWAYS_ALLOWED = new Set(['POST /api/auth/login', 'POST /api/auth/logout']);

/**
 * Maintenance mode: while on, every state-changing request by a signed-in non-administrator gets 503.
 * Runs after the guard (the viewer is known, authorization passed); reads the setting from the
 * database on each unsafe request, so every server process agrees at once.
 */
export function registerMaintenanceGuard(app: FastifyInstance, deps: { db: Database }): void {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const viewer = request.viewer;
    if (!viewer || viewer.isAdmin) return;
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (!route.includes(' /api/') || ALWAYS_ALLOWED.has(route)) return;
    if (await isMaintenanceModeOn(deps.db)) throw new AppError('SERVICE_UNAVAILABLE', MAINTENANCE_MESSAGE);
  });
}
