import type { Product } from '@aduro/shared/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form-field';
import { productsQueryOptions } from '../api/get-products';
import { findProductMatch, QUICK_COMPARE_MESSAGES } from '../utils/quick-compare';

/**
 * Enough answers for the exact name to be among them: the server ranks exact and prefix matches first,
 * but a brand or category equal to the text ranks with them.
 */
const CANDIDATES = 50;

interface QuickCompareFormProps {
  onCompare: (product: Product) => void;
}

/**
 * SPEC §2 quick-compare box: a product name straight to supplier comparison, without browsing. The
 * answer comes from the same cached catalogue search as the cards; a failed search is already
 * reported by the global error toast, so it only stops here.
 */
export function QuickCompareForm({ onCompare }: QuickCompareFormProps) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = name.trim();
    if (!query) {
      toast.error(QUICK_COMPARE_MESSAGES.empty);
      return;
    }
    setBusy(true);
    try {
      const products = await queryClient.fetchQuery(productsQueryOptions({ q: query, limit: CANDIDATES }));
      const product = findProductMatch(products, query);
      if (!product) {
        toast.error(QUICK_COMPARE_MESSAGES.notFound);
        return;
      }
      toast.success(QUICK_COMPARE_MESSAGES.loaded(product.name));
      onCompare(product);
    } catch {
      // The query cache has already shown the error toast (SPEC §8).
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Quick compare
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          type="text"
          name="product"
          autoComplete="off"
          placeholder="e.g. Paracetamol 500 mg tablets"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="sm:flex-1"
        />
        <Button type="submit" loading={busy} className="sm:w-auto">
          Compare prices
        </Button>
      </div>
    </form>
  );
}
