import { z } from 'zod';
import { tenantSchema } from './tenants';
import { webAppSchema } from './web-apps';

/** How many recent items the Overview lists (docs/product.md, Constants and limits). */
export const OVERVIEW_RECENT_COUNT = 3;

/** GET /api/overview: every figure of the Overview page in one request. */
export const overviewSchema = z.object({
  totalTenants: z.number().int(),
  capabilities: z.number().int(),
  webApps: z.number().int(),
  /** Active tenants + running web apps + available capabilities. */
  activeResources: z.number().int(),
  recentTenants: z.array(tenantSchema),
  recentWebApps: z.array(webAppSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
