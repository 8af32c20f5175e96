// The live console's public surface: the app shell opens the connection and shows its indicator; the
// app composes the table of what each event refreshes (src/web/lib/resource-effects.ts).
export type { CreateLiveSource, LiveSource, LiveStatus } from '@/live/live-connection';
export { touchedBy } from '@/live/live-invalidation';
export { LiveIndicator } from '@/live/live-indicator';
export { useLiveConsole } from '@/live/use-live-console';
