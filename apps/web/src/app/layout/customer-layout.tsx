import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { useSignedInUser } from '../../features/auth/hooks/use-signed-in-user';
import { CustomerNav } from './customer-nav';

/**
 * Every customer screen under its area's navigation. The screens load as their own chunks; the
 * boundary here keeps the navigation in place while the next one downloads, rather than the shell's
 * boundary swapping the whole area for a loader.
 */
export function CustomerLayout() {
  const user = useSignedInUser();
  return (
    <>
      <CustomerNav orgId={user.orgId} />
      <Suspense fallback={<PageLoader label="Loading page" />}>
        <Outlet />
      </Suspense>
    </>
  );
}
