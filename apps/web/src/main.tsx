import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
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

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
