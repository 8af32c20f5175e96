/** The tenant lock lives with the whole lock order in locks.ts; kept here for the modules that import it. */
export { lockTenant, type TenantLockMode } from '../locks';
