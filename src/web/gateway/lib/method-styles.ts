import type { RouteMethod } from '@contract/gateway';

/**
 * One hue per method, as API tools colour them. Light: a pale fill with 900-weight text; dark: a deep
 * fill with 100-weight text; both pairs stay above 7:1 contrast.
 */
export const methodStyles: Record<RouteMethod, string> = {
  GET: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  POST: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  PATCH: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  HEAD: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  OPTIONS: 'bg-cyan-100 text-cyan-900 dark:bg-cyan-950 dark:text-cyan-100',
};
