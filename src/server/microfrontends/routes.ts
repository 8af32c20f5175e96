import type { Database } from '../db/client';
import type { ZodApp } from '../http/zod-app';
import { meshRoutes } from './mesh-routes';
import { microfrontendRegistryRoutes } from './registry-routes';
import { microfrontendVersionRoutes } from './version-routes';

/** The microfrontends domain's endpoints: the registry, its versions, and web app meshes. */
export function microfrontendRoutes(app: ZodApp, deps: { db: Database }): void {
  microfrontendRegistryRoutes(app, deps);
  microfrontendVersionRoutes(app, deps);
  meshRoutes(app, deps);
}
