import {
  LICENCE_STATUS_LABELS,
  licenceRecordSchema,
  type LicenceRecord,
  type licenceReviewSchema,
} from '@aduro/shared/compliance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type LicenceReview = z.output<typeof licenceReviewSchema> & { organizationId: string };

/**
 * PATCH /admin/entities/{id}/licence-record: verify or reject a buyer's licence (and, when verified,
 * its controlled-drugs authorisation). The buyer is notified by the server.
 */
export function reviewLicence({ organizationId, ...review }: LicenceReview): Promise<LicenceRecord> {
  return apiRequest(`/admin/entities/${encodeURIComponent(organizationId)}/licence-record`, {
    method: 'PATCH',
    body: review,
    schema: licenceRecordSchema,
  });
}

/** What the toast says once the server recorded the review. */
export function reviewOutcome(record: LicenceRecord): string {
  const status = LICENCE_STATUS_LABELS[record.status].toLowerCase();
  if (record.status === 'verified' && record.controlledAuthorisation?.authorised)
    return `${record.organizationName}'s licence and controlled-drugs authorisation ${status}. The pharmacy has been told.`;
  return `${record.organizationName}'s licence ${status}. The pharmacy has been told.`;
}

export function useReviewLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'licences', 'review'],
    mutationFn: reviewLicence,
    onSuccess: async (record) => {
      toast.success(reviewOutcome(record));
      // The queue of every state, and the organisations' figures, change with it.
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
