/**
 * The microfrontends domain's services, by responsibility: the registry (registry-service.ts; its page
 * with each card's versions: card-versions.ts), its versions (versions-service.ts) and web app meshes
 * (mesh-service.ts). Re-exported here for the modules that import them from one place.
 */
export * from './registry-service';
export * from './versions-service';
export { listMicrofrontendCards } from './card-versions';
export { getMesh, listMeshes } from './mesh-service';
