import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageLoader } from '../../../components/ui/spinner';
import { canAccess, landingRouteFor, type AccessRule } from '../../../lib/authorization';
import { useSession } from '../hooks/use-session';

export const FORBIDDEN_MESSAGE = 'You do not have permission to view that area.';

/** Renders its children only for a signed-in user the rule admits (SPEC §2 route table). */
export function RequireAccess({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signed-out') {
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  if (session.status === 'checking') return <PageLoader label="Checking access" />;
  if (!canAccess(session.user, rule)) return <AccessDenied redirectTo={landingRouteFor(session.user)} />;
  return children;
}

function AccessDenied({ redirectTo }: { redirectTo: string }) {
  const navigate = useNavigate();
  // StrictMode runs effects twice and the guard may re-render before the redirect lands; the toast
  // must still appear exactly once. The toast id also collapses a repeat from a fresh mount.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    toast.error(FORBIDDEN_MESSAGE, { id: 'forbidden-area' });
    void navigate(redirectTo, { replace: true });
  }, [navigate, redirectTo]);
  return <PageLoader label="Checking access" />;
}
