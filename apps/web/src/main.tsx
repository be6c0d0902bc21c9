import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, preloadScreen } from './app/router';
import { meQueryOptions } from './features/auth/api/get-me';
import { getToken } from './lib/auth-token';
import { keepOfflineReads } from './lib/offline/persist-queries';
import { registerServiceWorker } from './lib/offline/register-service-worker';
import { createQueryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// Made here rather than in AppProvider so the offline reads are restored into it from the start.
const queryClient = createQueryClient();
void keepOfflineReads(queryClient).restored;
registerServiceWorker();
// A returning user's session check and their screen's chunk start now, side by side, rather than
// one after the other once React has rendered the shell: on a slow connection each is a round trip
// off the first screen.
if (getToken() !== null) void queryClient.prefetchQuery(meQueryOptions());
preloadScreen(window.location.pathname, getToken() !== null);

const app = createRoot(root);
// Rendered as a transition, React renders the first screen in slices of a few milliseconds and lets the
// browser in between, instead of one task as long as the whole render: a phone stays responsive while
// the screen draws. Lighthouse's total blocking time on /supplier, three runs each against the same
// build without it: 372, 268 and 442 ms against 729, 519 and 509 ms (docs/performance.md, "Lighthouse").
startTransition(() => {
  app.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
