// The capabilities feature's public surface: other features and the app shell import only from here.
export { CapabilitiesPage } from '@/capabilities/components/capabilities-page';
export { CapabilityConfigurationPage } from '@/capabilities/components/capability-configuration-page';
