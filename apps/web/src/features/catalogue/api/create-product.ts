import {
  CATALOGUE_MESSAGES,
  productSchema,
  type createProductSchema,
  type Product,
} from '@aduro/shared/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';

/** The product body after the shared schema has trimmed it and turned a blank description into null. */
export type CreateProduct = ReturnType<typeof createProductSchema.parse>;

/** POST /products: 201 with the new product; 409 naming the existing product's id for a duplicate. */
export function createProduct(input: CreateProduct): Promise<Product> {
  return apiRequest('/products', { method: 'POST', body: input, schema: productSchema });
}

/**
 * Adds a catalogue product. A duplicate's 409 message ('… is already in the catalogue as product …')
 * is toasted by the global handler (SPEC §8), so the caller only handles success.
 */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['products', 'create'],
    mutationFn: createProduct,
    onSuccess: () => {
      toast.success(CATALOGUE_MESSAGES.productAdded);
      // Picker searches cached before the product existed would not list it. Not awaited: the dialog
      // should close at once rather than wait for a refetch nobody is looking at.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
