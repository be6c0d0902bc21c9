import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

/**
 * Last line of defence for a screen that throws. The usual cause is a page chunk that no longer exists
 * after a deployment, which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">This page could not be shown</h1>
      <p className="text-sm text-slate-600">
        Reload to fetch the latest version of Aduro. If it keeps happening, contact support from the manual.
      </p>
      {detail && <p className="font-mono text-xs text-slate-500">{detail}</p>}
      <div className="flex gap-2">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/manual#need-help" className={buttonClasses('secondary')} reloadDocument>
          Open the manual
        </Link>
      </div>
    </div>
  );
}
