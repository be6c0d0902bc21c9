import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { SyncIndicator } from '../../components/ui/sync-indicator';
import { useSession } from '../../features/auth/hooks/use-session';
import { useAuthToken } from '../../lib/auth-token';
import type { LiveStatus } from '../../lib/live/live-connection';
import { OfflineBanner } from '../../lib/offline/offline-banner';
import { Breadcrumb } from './breadcrumb';
import { TopBar } from './top-bar';

// Lazy: the stream reader and the invalidation map are for signed-in screens only, not /login.
const LiveUpdates = lazy(async () => ({
  default: (await import('../../lib/live/live-updates')).LiveUpdates,
}));

export function AppShell() {
  const session = useSession();
  const token = useAuthToken();
  const [liveStatus, setLiveStatus] = useState<LiveStatus | null>(null);
  return (
    // The padding is the customer area's bottom bar on a phone (index.css), so the footer ends above it.
    <div className="flex min-h-dvh flex-col pb-[var(--bottom-nav,0px)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* One live connection per signed-in session, for every screen; none while signed out or checking.
          Keyed by the token, so a new session never shows the previous one's status. */}
      {session.status === 'signed-in' && token && (
        <Suspense fallback={null}>
          <LiveUpdates key={token} token={token} onStatus={setLiveStatus} />
        </Suspense>
      )}
      <TopBar liveStatus={session.status === 'signed-in' ? liveStatus : null} />
      {/* Under the top bar on every screen: the connection is the whole app's state, not one page's. */}
      <OfflineBanner />
      {/* At least a screen tall, so the footer starts below the first screen: otherwise it shows at the
          bottom while a page loads and jumps down when the page arrives (Lighthouse measured that one
          shift at 0.10 on every signed-in page). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        <Breadcrumb />
        <Suspense fallback={<PageLoader label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-slate-500 sm:px-6 lg:px-8">
          <p>Aduro · Medicines procurement for pharmacies across Ghana</p>
          {/* A 32 px tall hit area (WCAG 2.2 target size); -my-2 keeps the footer's height. */}
          <Link
            to="/manual#need-help"
            className="-my-2 inline-flex min-h-8 items-center rounded hover:text-slate-800"
          >
            Need help?
          </Link>
        </div>
      </footer>
      <SyncIndicator />
      <ScrollRestoration />
    </div>
  );
}
