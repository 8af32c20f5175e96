// The capabilities feature's public surface: other features and the app shell import only from here.
export { CapabilitiesPage } from '@/capabilities/components/capabilities-page';
export { CapabilityConfigurationPage } from '@/capabilities/components/capability-configuration-page';
export {
  capabilityKeys,
  CAPABILITIES_PATH,
  type CapabilitiesParams,
  type CapabilityStatus,
} from '@/capabilities/api/capability-keys';
export { useCapabilities, capabilitiesQueryOptions } from '@/capabilities/api/get-capabilities';
export { useCapability, capabilityQueryOptions } from '@/capabilities/api/get-capability';
export {
  useCapabilityCatalogue,
  capabilityCatalogueQueryOptions,
} from '@/capabilities/api/get-capability-catalogue';
export {
  useCapabilityOptions,
  capabilityOptionsQueryOptions,
} from '@/capabilities/api/get-capability-options';
export { invalidateCapabilities } from '@/capabilities/api/invalidate-capabilities';
export { invalidateTemplates, templatesQueryOptions } from '@/capabilities/api/get-templates';
export { checkConfiguration } from '@/capabilities/api/check-configuration';
