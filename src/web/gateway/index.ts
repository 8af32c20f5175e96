// The gateway feature's public surface: the tenant control plane's Gateway tab, its query keys and the
// dialogs' capability picker (whose key other writes refresh).
export { gatewayKeys, invalidateLineages } from '@/gateway/api/gateway-keys';
export { GatewayTab } from '@/gateway/components/gateway-tab';
export { subscribedCapabilitiesQueryOptions } from '@/gateway/api/get-subscribed-capabilities';
