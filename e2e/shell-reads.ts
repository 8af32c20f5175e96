import { LIVE_EVENTS_PATH } from '../src/contract/events';

/**
 * Reads the app shell makes on every page (session, maintenance banner, the Changes badge, the draft
 * release's count in the header, the live stream): the request counts leave them out to see a page's own.
 */
export const SHELL_READS = new Set([
  '/api/auth/me',
  '/api/settings',
  '/api/change-requests/summary',
  '/api/release-draft',
  LIVE_EVENTS_PATH,
]);
