import { Card, CardHeader } from '../../../components/ui/card';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { useLicenceRecord } from '../../../features/compliance/api/get-licence-record';
import { LicenceRecordDetails } from '../../../features/compliance/components/licence-record-details';
import { LicenceRecordForm } from '../../../features/compliance/components/licence-record-form';

/**
 * The buyer's pharmacy licence (issue 32): the record and its review, and the form that submits or
 * renews it. Aduro releases an order only to a buyer whose licence an administrator has verified.
 */
export function LicenceRoute() {
  const user = useSignedInUser();
  const licence = useLicenceRecord(user.orgId);

  let body: React.ReactNode;
  if (licence.isPending) {
    body = (
      <div role="status" aria-label="Loading your licence" className="space-y-3 px-5 py-4">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-16" />
      </div>
    );
  } else if (licence.isError) {
    body = <LoadFailed message="Your licence could not be loaded." onRetry={() => void licence.refetch()} />;
  } else {
    body = <LicenceRecordDetails record={licence.data} />;
  }

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Customer"
        title="Pharmacy licence"
        description="Aduro releases orders of medicines only to a buyer whose Pharmacy Council licence an administrator has verified. Without one you can still browse, fill your cart and draft orders."
      />
      <Card aria-labelledby="licence-record-title">
        <CardHeader id="licence-record-title" title="Your licence" />
        {body}
      </Card>
      {licence.isSuccess && (
        <Card aria-labelledby="licence-form-title">
          <CardHeader
            id="licence-form-title"
            title={licence.data ? 'Renew or correct your licence' : 'Submit your licence'}
            description="The licence the Pharmacy Council issued to your premises, and the document that shows it."
          />
          <LicenceRecordForm
            key={licence.data?.submittedAt ?? 'none'}
            orgId={user.orgId}
            record={licence.data}
          />
        </Card>
      )}
    </div>
  );
}
