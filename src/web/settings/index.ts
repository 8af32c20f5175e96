// The settings feature's public surface: other features and the app shell import only from here.
export { MaintenanceBanner } from '@/settings/components/maintenance-banner';
