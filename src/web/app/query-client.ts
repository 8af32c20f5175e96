import { router } from '@/app/router';
import { createSessionQueryClient } from '@/app/session-query-client';

/** The app's one query cache. */
export const queryClient = createSessionQueryClient(router);
