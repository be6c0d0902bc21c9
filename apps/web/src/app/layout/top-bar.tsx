import { Fragment, lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { useSession } from '../../features/auth/hooks/use-session';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { AREA_ACCESS, canAccess, homeRouteFor, type AccessRule } from '../../lib/authorization';
import type { LiveStatus } from '../../lib/live/live-connection';
import { LiveIndicator } from '../../lib/live/live-indicator';
import { pathSegments } from './breadcrumb-labels';

// Lazy: /login, signed out, never downloads the bell, its sheet or the password dialog.
const SignedInControls = lazy(async () => ({
  default: (await import('./signed-in-controls')).SignedInControls,
}));

interface NavItem {
  label: string;
  to: string;
  rule: AccessRule;
}

/** SPEC §2 top bar tabs; each shows only to users its area admits. */
const AREA_TABS: NavItem[] = [
  { label: 'Customer Hub', to: '/customer', rule: AREA_ACCESS.customer },
  { label: 'Supplier Hub', to: '/supplier', rule: AREA_ACCESS.supplier },
  { label: 'Admin', to: '/admin', rule: AREA_ACCESS.admin },
];

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-9 shrink-0 items-center rounded-md px-2 text-sm font-medium transition-colors sm:px-3',
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/** `liveStatus`: the signed-in session's live connection (app-shell.tsx), null when there is none. */
export function TopBar({ liveStatus = null }: { liveStatus?: LiveStatus | null }) {
  const session = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();

  // Signed-out visitors see the marketplace entry point; while the session is being checked, nothing,
  // so tabs do not appear and vanish again.
  const tabs =
    session.status === 'signed-in'
      ? AREA_TABS.filter((tab) => canAccess(session.user, tab.rule))
      : session.status === 'signed-out'
        ? AREA_TABS.filter((tab) => tab.to === '/customer')
        : [];

  const signedIn = session.status === 'signed-in';

  // One row from lg up. Below it two: brand, who is signed in and the icon buttons; then the
  // navigation, the path and Sign out. Each control exists once and CSS order places it, so a screen
  // reader meets them in the same order at every width.
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 px-4 sm:gap-x-3 sm:px-6 lg:flex-nowrap lg:gap-x-4 lg:px-8">
        <Link
          to={session.user ? homeRouteFor(session.user) : '/login'}
          className="order-1 flex h-14 shrink-0 items-center gap-2 rounded-md"
        >
          <img src="/favicon.svg" alt="" className="size-7" />
          <span className="text-lg font-semibold tracking-tight text-slate-900">Aduro</span>
        </Link>

        <nav
          aria-label="Main"
          className="order-6 flex flex-none items-center gap-1 py-1.5 lg:order-2 lg:min-w-0 lg:flex-1 lg:overflow-x-auto lg:py-0"
        >
          {tabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} className={tabClasses}>
              {tab.label}
            </NavLink>
          ))}
          <NavLink to="/manual" className={tabClasses}>
            Manual
          </NavLink>
        </nav>

        {signedIn && (
          <div
            className="order-2 min-w-0 flex-1 leading-tight lg:order-5 lg:max-w-56 lg:flex-none lg:text-right"
            title={[session.user.name, session.user.organizationName].filter(Boolean).join(', ')}
          >
            <p className="truncate text-sm font-medium text-slate-800">
              <span className="sr-only">Signed in as </span>
              <span>{session.user.name}</span>
            </p>
            {session.user.organizationName && (
              <p className="truncate text-xs text-slate-600">{session.user.organizationName}</p>
            )}
          </div>
        )}

        {signedIn && liveStatus && (
          <div className="order-3 flex shrink-0 items-center">
            <LiveIndicator status={liveStatus} />
          </div>
        )}

        {/* Below lg the path shares the second row with the tabs and Sign out: on a phone there is
            room for '/customer' but not '/customer/orders', so it breaks after a segment onto a
            second line within the row's height rather than being cut. */}
        <span
          className="order-7 min-w-0 flex-1 text-right font-mono text-xs leading-4 [overflow-wrap:anywhere] text-slate-600 lg:order-4 lg:max-w-56 lg:flex-none lg:truncate lg:rounded-md lg:bg-slate-100 lg:px-2 lg:py-1 lg:text-left"
          title="Current page"
        >
          <span className="sr-only">Current page: </span>
          {pathSegments(pathname).map((segment, index) => (
            <Fragment key={index}>
              {index > 0 && <wbr />}
              {segment}
            </Fragment>
          ))}
        </span>

        {signedIn && (
          // Icon-only below lg; the bell is always icon-only.
          <div className="order-4 flex h-14 shrink-0 items-center gap-1 lg:order-6">
            {/* The fallback holds the controls' place, so the bar does not shift when they arrive. */}
            <Suspense
              fallback={
                <>
                  <span className="h-8 w-10" />
                  <span className="h-8 w-9 lg:w-44" />
                </>
              }
            >
              <SignedInControls userId={session.user.id} email={session.user.email} />
            </Suspense>
          </div>
        )}

        {/* Below lg: the line between the two rows, spanning the bar's full width. */}
        <div
          aria-hidden="true"
          className={cn(
            'order-5 -mx-4 h-px w-[calc(100%+2rem)] shrink-0 bg-slate-100 sm:-mx-6 sm:w-[calc(100%+3rem)] lg:hidden',
            // Signed out, the bar holds little enough for one row from sm up.
            !signedIn && 'sm:hidden',
          )}
        />

        {signedIn && (
          <button
            type="button"
            onClick={signOut}
            className={buttonClasses('secondary', 'sm', 'order-8 shrink-0 lg:order-7')}
          >
            Sign out
          </button>
        )}
        {session.status === 'signed-out' && (
          <Link to="/login" className={buttonClasses('primary', 'sm', 'order-8 shrink-0 lg:order-7')}>
            Sign in
          </Link>
        )}
      </div>
    </header>
  );
}
