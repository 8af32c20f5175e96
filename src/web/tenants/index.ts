// The tenants feature's public surface: other features and the app shell import only from here.
export { TENANTS_PATH, getTenants, tenantsQueryOptions, useTenants } from '@/tenants/api/get-tenants';
export { getTenant, tenantLive, tenantQueryOptions, useTenant } from '@/tenants/api/get-tenant';
export {
  getTenantOptions,
  tenantOptionsQueryOptions,
  useTenantNameLookup,
  useTenantNames,
  useTenantOptions,
} from '@/tenants/api/get-tenant-options';
export { invalidateTenants, tenantChangeRoots, tenantKeys } from '@/tenants/api/tenant-keys';
export { TenantCombobox } from '@/tenants/components/tenant-combobox';
export { TenantsPage } from '@/tenants/components/tenants-page';
export { useUpdateTenant } from '@/tenants/api/update-tenant';
export { useWideningConfirmation } from '@/tenants/widening-confirm';
// The first visit's route data (src/web/app/route-queries) starts the list's query before the page loads.
export { tenantListQueryOptions } from '@/tenants/api/get-tenant-list';
