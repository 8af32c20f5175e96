import { appRouter } from '@/app/router';
import { createSessionQueryClient } from '@/app/session-query-client';
import { provideResourceEffects } from '@/lib/resource-effects';

/** The app's one query cache. */
export const queryClient = createSessionQueryClient(appRouter);

// What each write refreshes (src/web/app/resource-effects.ts) names every feature's key factories: it
// loads with the first write or live event, not with the first screen.
provideResourceEffects(queryClient, () =>
  import('@/app/resource-effects').then((module) => module.resourceEffects),
);
