// The web-apps feature's public surface: other features and the app shell import only from here.
export { WebAppsPage } from '@/web-apps/components/web-apps-page';
export { invalidateWebApps, webAppKeys, webAppWriteRoots } from '@/web-apps/api/web-app-keys';
