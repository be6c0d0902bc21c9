import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { QuoteDefaults } from '../../../features/rfqs/components/quote-form';
import { SupplierQuotesTab } from '../../../features/rfqs/components/supplier-quotes-tab';
import { supplierSettingsQueryOptions } from '../../../features/suppliers/api/get-supplier-settings';

/**
 * The request whose panel is open, kept in the address (`rfq={id}`, with `tab=quotes`) so a
 * notification's link opens it and a reload keeps it. Choosing one replaces the entry, as recalls do.
 */
function useRfqParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('rfq');
  const select = useCallback(
    (rfqId: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', 'quotes');
          if (rfqId) next.set('rfq', rfqId);
          else next.delete('rfq');
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [selected, select] as const;
}

/**
 * The cockpit's Quotes tab: a new quote starts from the supplier's own lead time and payment terms
 * (settings and RFQs are separate features, so they meet here). Without them the form's own defaults
 * apply, so a failed read is not worth a toast.
 */
export function QuotesTab({ orgId }: { orgId: string }) {
  const [selectedId, select] = useRfqParam();
  const settings = useQuery({ ...supplierSettingsQueryOptions(orgId), meta: { suppressErrorToast: true } });
  // Null while the terms are read, so a panel opened by a link does not start its form without them.
  const quoteDefaults = useMemo<QuoteDefaults | null>(
    () =>
      settings.isPending
        ? null
        : { leadTimeDays: settings.data?.defaultLeadTimeDays, paymentTerms: settings.data?.paymentTerms },
    [settings.isPending, settings.data],
  );
  return (
    <SupplierQuotesTab
      orgId={orgId}
      selectedId={selectedId}
      onSelect={select}
      quoteDefaults={quoteDefaults}
    />
  );
}
