// The settings feature's public surface: other features and the app shell import only from here.
export { MaintenanceBanner } from '@/settings/components/maintenance-banner';
// The settings' query keys are their endpoints' paths (the live console refreshes them).
export { SETTINGS_PATH } from '@/settings/api/get-settings';
export { SSO_SETTINGS_PATH } from '@/settings/api/sso-settings';
