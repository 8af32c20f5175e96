// The microfrontends feature's public surface: other features and the app shell import only from here.
export { WebAppMeshesSection } from '@/microfrontends/mesh/components/web-app-meshes-section';
export { CreateMeshPage } from '@/microfrontends/components/create-mesh-page';
export { MeshPage } from '@/microfrontends/mesh/components/mesh-page';
export { MicrofrontendsPage } from '@/microfrontends/registry/components/microfrontends-page';
export {
  microfrontendKeys,
  MICROFRONTENDS_PATH,
  type MicrofrontendsParams,
} from '@/microfrontends/api/microfrontend-keys';
export { useMicrofrontends, microfrontendsQueryOptions } from '@/microfrontends/api/get-microfrontends';
export {
  useMicrofrontendOptions,
  microfrontendOptionsQueryOptions,
} from '@/microfrontends/api/get-microfrontend-options';
export {
  useMicrofrontendVersions,
  usePublishedVersions,
  usePublishedVersionOptions,
} from '@/microfrontends/api/get-microfrontend-versions';
export { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';
export { meshKeys } from '@/microfrontends/mesh/api/mesh-keys';
export { invalidateMeshes } from '@/microfrontends/mesh/api/invalidate-meshes';
// The first visit's route data (src/web/app/route-queries) starts the meshes list before the page loads.
export { meshesQueryOptions } from '@/microfrontends/mesh/api/get-meshes';
