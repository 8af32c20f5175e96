// The web-apps feature's public surface: other features and the app shell import only from here.
export { WebAppsPage } from '@/web-apps/components/web-apps-page';
export { invalidateWebApps, webAppKeys, webAppWriteRoots } from '@/web-apps/api/web-app-keys';
// The first visit's route data (src/web/app/route-queries) starts the list's query before the page loads.
export { webAppsQueryOptions } from '@/web-apps/api/get-web-apps';
