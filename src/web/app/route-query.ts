import type { FetchQueryOptions } from '@tanstack/react-query';

/** A query the first visit starts for a screen: the screen's own query options (key, fetcher, freshness). */
// Each screen's rows have their own type; the cache keeps whatever the fetcher answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type RouteQuery = FetchQueryOptions<any, Error, any, any>;
