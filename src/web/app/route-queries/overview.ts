import type { RouteQuery } from '@/app/route-query';
import { overviewQueryOptions } from '@/overview';

/** / (the Overview): every figure in one request. */
export const queries = (): RouteQuery[] => [overviewQueryOptions()];
