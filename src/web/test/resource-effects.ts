import type { QueryClient } from '@tanstack/react-query';
import { resourceEffects } from '@/app/resource-effects';
import { provideResourceEffects } from '@/lib/resource-effects';

/** Gives a test's query client the app's table of what each write refreshes, as the app does. */
export function withResourceEffects<C extends QueryClient>(queryClient: C): C {
  provideResourceEffects(queryClient, () => Promise.resolve(resourceEffects));
  return queryClient;
}
