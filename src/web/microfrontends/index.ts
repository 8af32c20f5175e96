/** The Microfrontends feature's public surface: what other features (Deployments, Web Apps) may import. */
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
