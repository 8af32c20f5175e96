// The tenants feature's public surface: other features and the app shell import only from here.
export { TENANTS_PATH, getTenants, tenantsQueryOptions, useTenants } from '@/tenants/api/get-tenants';
export { getTenant, tenantQueryOptions, useTenant } from '@/tenants/api/get-tenant';
export {
  getTenantOptions,
  tenantOptionsQueryOptions,
  useTenantNames,
  useTenantOptions,
} from '@/tenants/api/get-tenant-options';
export { invalidateTenants, tenantKeys } from '@/tenants/api/tenant-keys';
export { TenantCombobox } from '@/tenants/components/tenant-combobox';
export { TenantControlPlanePage } from '@/tenants/components/tenant-control-plane-page';
export { TenantsPage } from '@/tenants/components/tenants-page';
export { activeVersionsQueryOptions } from '@/tenants/control-plane/api/get-active-versions';
export { configurationVersionRoots } from '@/tenants/control-plane/api/invalidate-versions';
export { gatewayKeys } from '@/tenants/gateway/api/gateway-keys';
