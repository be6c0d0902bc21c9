import { Link, useLocation } from 'react-router';
import { homeRouteFor } from '../../lib/authorization';
import { useSession } from '../../features/auth/hooks/use-session';
import { breadcrumbTrail } from './breadcrumb-labels';

const CRUMB_LINK = 'inline-flex min-h-8 items-center rounded hover:text-slate-900';

export function Breadcrumb() {
  const { pathname } = useLocation();
  const session = useSession();
  const trail = breadcrumbTrail(pathname);
  if (trail.length === 0) return null;
  const home = session.user ? homeRouteFor(session.user) : '/customer';

  return (
    <nav aria-label="Breadcrumb" className="mb-5">
      {/* The links get a 32 px tall hit area (WCAG 2.2 target size); -my-1.5 keeps the trail's height. */}
      <ol className="-my-1.5 flex flex-wrap items-center gap-x-1.5 text-sm text-slate-500">
        <li>
          <Link to={home} className={CRUMB_LINK}>
            Home
          </Link>
        </li>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.to} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="text-slate-300">
                /
              </span>
              {last ? (
                <span aria-current="page" className="font-medium text-slate-800">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className={CRUMB_LINK}>
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
