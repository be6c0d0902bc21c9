import { productSchema, type Product } from '@aduro/shared/catalogue';
import { COMPLIANCE_MESSAGES, type adminProductPatchSchema } from '@aduro/shared/compliance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ProductLegalStatusChange = z.output<typeof adminProductPatchSchema> & { productId: string };

/**
 * PATCH /admin/products/{id}: a platform administrator sets or corrects a product's class, controlled
 * status and FDA registration; the server records it in the activity trail.
 */
export function updateProductLegalStatus({
  productId,
  ...change
}: ProductLegalStatusChange): Promise<Product> {
  return apiRequest(`/admin/products/${encodeURIComponent(productId)}`, {
    method: 'PATCH',
    body: change,
    schema: productSchema,
  });
}

export function useUpdateProductLegalStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'products', 'legal-status'],
    mutationFn: updateProductLegalStatus,
    onSuccess: async () => {
      toast.success(COMPLIANCE_MESSAGES.legalStatusSaved);
      // Every product read shows the badges; the activity feed shows the change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['activity'] }),
      ]);
    },
  });
}
