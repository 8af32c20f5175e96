// The microfrontends feature's public surface: other features and the app shell import only from here.
export { WebAppMeshesSection } from '@/microfrontends/mesh/components/web-app-meshes-section';
