import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_STATE_ID } from '@contract/server-render';
import { App } from '@/app/app';
import { answerFirstMount } from '@/app/first-mount';
import { startFirstVisit } from '@/app/first-visit';
import { queryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { applyTheme, readStoredTheme } from '@/app/theme';
import { rememberView } from '@/app/view-cookie';
import './styles.css';

// Before React renders: the first painted frame already has the stored theme. An inline <script>
// in index.html would run earlier, but the CSP forbids inline scripts (index.html defaults to dark).
const theme = readStoredTheme();
applyTheme(theme);
// The next page the server renders is rendered as this browser shows it (src/contract/view-cookie.ts).
rememberView(theme);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/** The answers a server-rendered page carries (src/contract/server-render.ts), or undefined. */
function serverState(): DehydratedState | undefined {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    // The server wrote it with TanStack Query's dehydrate (src/web/ssr/render-page.tsx).
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

const served = container.hasChildNodes() ? serverState() : undefined;
const app = (router: Awaited<ReturnType<typeof createAppRouter>>) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

if (served) {
  // The first view is on screen already: the cache starts from the answers it was rendered from, and the
  // screen's first mount takes them as they are.
  hydrate(queryClient, served);
  for (const query of served.queries) answerFirstMount(queryClient, query.queryKey);
  void createAppRouter({ hydrating: true }).then((router) => hydrateRoot(container, app(router)));
} else {
  // The session check and the screen's first query leave now, while the route's code is still loading.
  startFirstVisit(queryClient, window.location);
  void createAppRouter({ hydrating: false }).then((router) => createRoot(container).render(app(router)));
}
