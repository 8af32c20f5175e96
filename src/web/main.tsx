import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { startFirstVisit } from '@/app/first-visit';
import { queryClient } from '@/app/query-client';
import { applyTheme, readStoredTheme } from '@/app/theme';
import './styles.css';

// Before React renders: the first painted frame already has the stored theme. An inline <script>
// in index.html would run earlier, but the CSP forbids inline scripts (index.html defaults to dark).
applyTheme(readStoredTheme());

// The session check and the screen's first query leave now, while the route's code is still loading.
startFirstVisit(queryClient, window.location);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
