import type { ErrorCode } from '@aduro/shared/errors';
import {
  COMPLIANCE_MESSAGES,
  controlledSignoffSchema,
  type ControlledRegisterEntry,
} from '@aduro/shared/compliance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { invalidateAfterOrderChange } from './invalidate-orders';

export interface ControlledSignoff {
  orderId: string;
  orderNumber: string;
}

/**
 * POST /orders/{orderId}/controlled-signoff: the supplier's Pharmacist attests the order's controlled
 * supplies; the server writes one register entry per batch and answers them.
 */
export async function signOffControlled({ orderId }: ControlledSignoff): Promise<ControlledRegisterEntry[]> {
  const { entries } = await apiRequest(`/orders/${encodeURIComponent(orderId)}/controlled-signoff`, {
    method: 'POST',
    schema: controlledSignoffSchema,
  });
  return entries;
}

/**
 * Refusals meaning the card was out of date (signed off or moved elsewhere, the buyer's licence revoked):
 * the orders are read again so the card shows where the order stands.
 */
const OUTDATED: ReadonlySet<ErrorCode> = new Set([
  'NOTHING_TO_SIGN_OFF',
  'NOT_CONTROLLED',
  'LICENCE_REQUIRED',
  'LICENCE_CLASS_NOT_ALLOWED',
  'CONTROLLED_NOT_AUTHORISED',
  'REGISTRATION_LAPSED',
]);

async function invalidateAfterSignoff(queryClient: ReturnType<typeof useQueryClient>, orgId: string | null) {
  await Promise.all([
    invalidateAfterOrderChange(queryClient, orgId),
    queryClient.invalidateQueries({ queryKey: ['controlled-register', orgId] }),
  ]);
}

export function useSignOffControlled(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', orgId, 'controlled-signoff'],
    mutationFn: signOffControlled,
    onSuccess: async (_entries, { orderNumber }) => {
      toast.success(COMPLIANCE_MESSAGES.signedOff(orderNumber));
      await invalidateAfterSignoff(queryClient, orgId);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code && OUTDATED.has(error.code))
        await invalidateAfterSignoff(queryClient, orgId);
    },
  });
}
