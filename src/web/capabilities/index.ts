/** The Capabilities feature's public surface: what other features (control plane, Deployments) may import. */
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
