/** The Overview feature's public surface: what other features may import. */
export { overviewKeys } from '@/overview/api/overview-keys';
