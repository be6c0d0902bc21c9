import type { Product } from '@aduro/shared/catalogue';
import type { Eligibility } from '@aduro/shared/compliance';
import type { SupplierMatch } from '@aduro/shared/marketplace';
import { useState } from 'react';
import { toast } from 'sonner';
import { toggleComparison } from '../../../features/suppliers/utils/comparison';

/** What the add-to-cart form starts from: the compared product and one supplier's offer. */
export interface CartTarget {
  product: { id: string; name: string };
  supplier: {
    id: string;
    name: string;
    unitPrice: number | null;
    moq: number | null;
    eligibility: Eligibility;
  };
}

/**
 * The hub's comparison state: the compared product, the suppliers chosen for the comparison table
 * and the offer the add-to-cart form is open on. They belong together because SPEC §2 ties them:
 * changing the compared product clears the chosen suppliers and the cart form, which were about the
 * previous product.
 */
export function useHubComparison() {
  const [product, setProduct] = useState<Product | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [cartTarget, setCartTarget] = useState<CartTarget | null>(null);

  function compareProduct(next: Product) {
    setProduct(next);
    // The same product again (its card clicked twice) keeps what the buyer already chose.
    if (next.id === product?.id) return;
    setSelectedIds([]);
    setCartTarget(null);
  }

  function toggleSupplier(match: SupplierMatch) {
    const result = toggleComparison(selectedIds, match.id);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    setSelectedIds(result.selectedIds);
  }

  function removeSupplier(match: SupplierMatch) {
    setSelectedIds((ids) => ids.filter((id) => id !== match.id));
  }

  function openCart(match: SupplierMatch) {
    if (!product) return;
    setCartTarget({
      product: { id: product.id, name: product.name },
      supplier: {
        id: match.id,
        name: match.name,
        unitPrice: match.unitPrice,
        moq: match.moq,
        eligibility: match.eligibility,
      },
    });
  }

  return {
    product,
    selectedIds,
    cartTarget,
    compareProduct,
    toggleSupplier,
    removeSupplier,
    openCart,
    closeCart: () => setCartTarget(null),
  };
}
