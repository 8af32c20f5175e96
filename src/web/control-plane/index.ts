// The control plane feature's public surface: the tenant control plane's tabs, the address state they
// share, and the configuration-version queries other screens refresh.
export { activeVersionsQueryOptions } from '@/control-plane/api/get-active-versions';
export { configurationVersionRoots, invalidateVersions } from '@/control-plane/api/invalidate-versions';
export { CapabilitiesTab } from '@/control-plane/components/capabilities-tab';
export { ConfigurationTab } from '@/control-plane/components/configuration-tab';
export { useControlPlaneParams } from '@/control-plane/lib/use-control-plane-params';
