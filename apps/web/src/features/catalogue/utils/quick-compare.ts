import type { Product } from '@aduro/shared/catalogue';

/** SPEC §5 "Comparison": the quick-compare box's three answers. */
export const QUICK_COMPARE_MESSAGES = {
  empty: 'Enter a product name to compare pricing.',
  notFound: 'No product found matching that query.',
  loaded: (product: string) => `Loaded ${product} for supplier comparison.`,
} as const;

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The product a typed name means, out of the catalogue's search answers (names, brands or categories
 * containing the text, then typos of it, closest first). The closest name wins: the exact name, then a
 * name starting with the text, then a name containing it; otherwise the server's first answer (a brand
 * or category hit, or the likeliest typo: 'paracetmol' loads Paracetamol), so 'Amoxicillin 500' never
 * loads a syrup whose brand happens to match. Null when nothing was found.
 */
export function findProductMatch(products: readonly Product[], query: string): Product | null {
  const wanted = normalise(query);
  if (!wanted) return null;
  const name = (product: Product) => normalise(product.name);
  return (
    products.find((product) => name(product) === wanted) ??
    products.find((product) => name(product).startsWith(wanted)) ??
    products.find((product) => name(product).includes(wanted)) ??
    products[0] ??
    null
  );
}
