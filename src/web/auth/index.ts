// The auth feature's public surface: other features and the app shell import only from here.
export { forgetSession, ME_PATH, ME_QUERY_KEY, meQueryOptions, useMe, useMeQuery } from '@/auth/api/get-me';
export { PROVIDERS_PATH, useProviders } from '@/auth/api/get-providers';
export { RequireSession, SessionPending } from '@/auth/components/require-session';
export { LOGIN_PATH, loginPath, safeRedirect } from '@/auth/redirect';
export { canReadAuditLog, useCanOnTenant, useCanReadAuditLog, useIsAdmin } from '@/auth/use-can';
