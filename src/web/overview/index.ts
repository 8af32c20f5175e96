// The overview feature's public surface: other features and the app shell import only from here.
export { OverviewPage } from '@/overview/components/overview-page';
export { overviewKeys } from '@/overview/api/overview-keys';
export { attentionKeys } from '@/overview/api/attention';
export { overviewQueryOptions } from '@/overview/api/get-overview';
