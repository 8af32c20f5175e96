import { Outlet, useNavigation } from 'react-router';
import { AppHeader } from '@/app/shell/app-header';
import { AppSidebar } from '@/app/shell/app-sidebar';
import { MAIN_CONTENT_ID, SkipLink } from '@/app/shell/skip-link';
import { readSidebarCookie, SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { TooltipProvider } from '@/components/ui/tooltip';
import { LiveChangesProvider } from '@/lib/live-changes';
import { useLiveConsole } from '@/live';
import { MaintenanceBanner } from '@/settings';

export function AppShell() {
  // A lazy route's code is loading: show a thin progress bar instead of a blank screen.
  const isNavigating = useNavigation().state === 'loading';
  // One live stream per tab while signed in: the shell is only rendered with a session.
  const live = useLiveConsole();

  // Tooltip timing for every screen (the sidebar nests its own provider with delay 0). It lives in the
  // shell, not the app's providers, so the sign-in page's initial JS does not carry the tooltip code.
  return (
    <TooltipProvider delayDuration={700} skipDelayDuration={300}>
      <LiveChangesProvider value={live.changes}>
        <SidebarProvider defaultOpen={readSidebarCookie() ?? true}>
          <SkipLink />
          <AppSidebar />
          <SidebarInset>
            <AppHeader liveStatus={live.status} />
            {isNavigating && (
              <div
                role="progressbar"
                aria-label="Loading page"
                className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
              />
            )}
            {/* min-w-0: wide tables scroll inside their own box instead of widening the page. */}
            <main
              id={MAIN_CONTENT_ID}
              tabIndex={-1}
              className="min-w-0 flex-1 p-4 outline-none md:p-6 lg:p-8"
            >
              <MaintenanceBanner />
              <Outlet />
            </main>
          </SidebarInset>
        </SidebarProvider>
      </LiveChangesProvider>
    </TooltipProvider>
  );
}
