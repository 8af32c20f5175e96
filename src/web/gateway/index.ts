// The gateway feature's public surface: the tenant control plane's Gateway tab and its query keys.
export { gatewayKeys } from '@/gateway/api/gateway-keys';
export { GatewayTab } from '@/gateway/components/gateway-tab';
