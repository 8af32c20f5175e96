// The overview feature's public surface: other features and the app shell import only from here.
export { OverviewPage } from '@/overview/components/overview-page';
