import { lazy, Suspense } from 'react';
import { ThemeToggle } from '@/app/theme-toggle';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { LiveIndicator, type LiveStatus } from '@/live';

// The account menu (Radix menu, popper, avatar) loads beside the first screen, not in the initial bundle.
// Imported by path, as the router imports screens: through '@/auth' (which the entry holds) it would
// land in the initial chunk.
const UserMenu = lazy(() => import('@/auth/components/user-menu').then((m) => ({ default: m.UserMenu })));
// The draft release's count, by path for the same reason: its query and link stay out of the entry.
const ReleaseNavButton = lazy(() =>
  import('@/releases/components/release-nav-button').then((m) => ({ default: m.ReleaseNavButton })),
);

export function AppHeader({ liveStatus }: { liveStatus: LiveStatus }) {
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/60">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
      <div className="ml-auto flex items-center gap-2">
        <Suspense fallback={null}>
          <ReleaseNavButton />
        </Suspense>
        <LiveIndicator status={liveStatus} />
        <ThemeToggle />
        <Suspense fallback={<div className="size-8" aria-hidden="true" />}>
          <UserMenu />
        </Suspense>
      </div>
    </header>
  );
}
