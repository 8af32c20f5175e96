// The microfrontends feature's public surface: other features and the app shell import only from here.
export { WebAppMeshesSection } from '@/microfrontends/mesh/components/web-app-meshes-section';
export { CreateMeshPage } from '@/microfrontends/components/create-mesh-page';
export { MeshPage } from '@/microfrontends/mesh/components/mesh-page';
export { MicrofrontendsPage } from '@/microfrontends/registry/components/microfrontends-page';
