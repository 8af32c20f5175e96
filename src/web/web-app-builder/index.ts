// The web-app-builder feature's public surface: other features and the app shell import only from here.
export { WebAppBuilderPage } from '@/web-app-builder/components/web-app-builder-page';
