import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';
import { useSignedInUser } from '../../features/auth/hooks/use-signed-in-user';
import { LICENCE_PATH, LicenceBanner } from '../../features/compliance/components/licence-banner';
import { CustomerNav } from './customer-nav';

/**
 * Every customer screen under its area's navigation. The screens load as their own chunks; the
 * boundary here keeps the navigation in place while the next one downloads, rather than the shell's
 * boundary swapping the whole area for a loader. A buyer whose licence is not verified sees what to do
 * above every screen but the licence page itself, which says it in full.
 */
export function CustomerLayout() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  return (
    <>
      <CustomerNav orgId={user.orgId} />
      {user.userType === 'customer' && pathname !== LICENCE_PATH && <LicenceBanner orgId={user.orgId} />}
      <Suspense fallback={<PageLoader label="Loading page" />}>
        <Outlet />
      </Suspense>
    </>
  );
}
