import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { ChangePasswordDialog } from '../../features/auth/components/change-password-dialog';
import { useSession } from '../../features/auth/hooks/use-session';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { AREA_ACCESS, canAccess, homeRouteFor, type AccessRule } from '../../lib/authorization';
import type { LiveStatus } from '../../lib/live/live-connection';
import { LiveIndicator } from '../../lib/live/live-indicator';

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
    'inline-flex h-9 shrink-0 items-center rounded-md px-3 text-sm font-medium transition-colors',
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

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={session.user ? homeRouteFor(session.user) : '/login'}
          className="flex h-14 shrink-0 items-center gap-2 rounded-md"
        >
          <img src="/favicon.svg" alt="" className="size-7" />
          <span className="text-lg font-semibold tracking-tight text-slate-900">Aduro</span>
        </Link>

        {/* One navigation: inline on wide screens, its own scrollable row under the brand on phones. */}
        <div className="order-last -mx-4 flex w-[calc(100%+2rem)] items-center gap-2 border-t border-slate-100 px-3 py-1.5 sm:-mx-6 sm:w-[calc(100%+3rem)] sm:px-5 md:order-none md:mx-0 md:w-auto md:border-0 md:p-0">
          <nav aria-label="Main" className="flex min-w-0 items-center gap-1 overflow-x-auto">
            {tabs.map((tab) => (
              <NavLink key={tab.to} to={tab.to} className={tabClasses}>
                {tab.label}
              </NavLink>
            ))}
            <NavLink to="/manual" className={tabClasses}>
              Manual
            </NavLink>
          </nav>
          <span
            aria-hidden="true"
            className="ml-auto shrink-0 truncate pl-2 font-mono text-xs text-slate-500 md:hidden"
          >
            {pathname}
          </span>
        </div>

        <div className="ml-auto flex h-14 min-w-0 items-center gap-3">
          {session.status === 'signed-in' && liveStatus && <LiveIndicator status={liveStatus} />}
          <span
            className="hidden max-w-56 truncate rounded-md bg-slate-100 px-2 py-1 font-mono text-xs text-slate-600 md:inline"
            title="Current page"
          >
            <span className="sr-only">Current page: </span>
            {pathname}
          </span>
          {session.status === 'signed-in' && (
            <div className="hidden min-w-0 text-right leading-tight sm:block">
              <p className="truncate text-sm font-medium text-slate-800">{session.user.name}</p>
              {session.user.organizationName && (
                <p className="truncate text-xs text-slate-500">{session.user.organizationName}</p>
              )}
            </div>
          )}
          {session.status === 'signed-in' && (
            // Icon-only below lg, so the bar keeps one row on a phone; the bell is always icon-only.
            <div className="flex items-center gap-1">
              <NotificationBell userId={session.user.id} email={session.user.email} />
              <ChangePasswordDialog />
            </div>
          )}
          {session.status === 'signed-in' && (
            <button type="button" onClick={signOut} className={buttonClasses('secondary', 'sm')}>
              Sign out
            </button>
          )}
          {session.status === 'signed-out' && (
            <Link to="/login" className={buttonClasses('primary', 'sm')}>
              Sign in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
