import { Navigate } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/hooks/use-session';
import { homeRouteFor } from '../../lib/authorization';

/**
 * The bare address '/' is where people land most, so it goes straight to the visitor's own home
 * rather than through /customer, which would greet suppliers and admins with a permission error.
 */
export function HomeRedirect() {
  const session = useSession();
  if (session.status === 'checking') return <PageLoader label="Checking access" />;
  return <Navigate to={session.user ? homeRouteFor(session.user) : '/login'} replace />;
}
