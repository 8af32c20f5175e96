/**
 * The Overview's query key. Other features' invalidation helpers (capabilities, tenants, web apps)
 * import it through '@/overview' so that the counts refresh after any mutation that changes them.
 * It stays the path: tenants and web apps already invalidate ['/api/overview'].
 */
export const overviewKeys = { all: ['/api/overview'] as const };
