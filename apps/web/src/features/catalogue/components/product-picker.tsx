import type { Product } from '@aduro/shared/catalogue';
import { useId, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../components/ui/cn';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { Input } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { useProductSearch } from '../api/get-products';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** A chosen product: picked from the list (with its name) or pasted as a bare id (name unknown). */
export interface PickedProduct {
  id: string;
  name: string | null;
}

export interface ProductPickerProps {
  id: string;
  value: PickedProduct | null;
  onChange: (value: PickedProduct | null) => void;
  'aria-invalid'?: true | undefined;
  'aria-describedby'?: string | undefined;
}

const MIN_QUERY_LENGTH = 2;
const MAX_RESULTS = 8;
export const SEARCH_DELAY_MS = 250;
// Loose on purpose (any version digit): the server's schema has the final word on what is an id.
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function looksLikeProductId(text: string): boolean {
  return ID_PATTERN.test(text.trim());
}

const valueKey = (value: PickedProduct | null) => (value ? `${value.id}\u0000${value.name ?? ''}` : '');
const textFor = (value: PickedProduct | null) => value?.name ?? value?.id ?? '';

function productDetails(product: Product): string {
  return [product.brandName, `${product.itemsPerUnit} per ${product.unitOfMeasure}`, product.category].join(
    ' · ',
  );
}

/**
 * Product field of the stock sync form: searches GET /products?q= by name or brand as the user types
 * (WAI-ARIA combobox with a listbox popup), and accepts a pasted product id as it is.
 */
export function ProductPicker({
  id,
  value,
  onChange,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: ProductPickerProps) {
  const listboxId = useId();
  const [text, setText] = useState(() => textFor(value));
  // The value this input last showed. When the parent sets another one (a product just added to the
  // catalogue), the text follows it; changes made here update both, so typing is never overwritten.
  const [shownKey, setShownKey] = useState(() => valueKey(value));
  if (valueKey(value) !== shownKey) {
    setShownKey(valueKey(value));
    setText(textFor(value));
  }
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const searching = open && query.length >= MIN_QUERY_LENGTH && !looksLikeProductId(query);
  const search = useProductSearch({ q: query, limit: MAX_RESULTS }, searching);
  const results = searching ? (search.data ?? []) : [];
  const showPopup = searching && (search.data !== undefined || search.isFetching);
  const activeOption = activeIndex >= 0 && activeIndex < results.length ? activeIndex : -1;

  function emit(next: PickedProduct | null) {
    setShownKey(valueKey(next));
    onChange(next);
  }

  function onType(nextText: string) {
    setText(nextText);
    setOpen(true);
    setActiveIndex(-1);
    const trimmed = nextText.trim();
    if (looksLikeProductId(trimmed)) emit({ id: trimmed, name: null });
    // Text that is neither an id nor a chosen product is only a search: the form has no product yet.
    else if (value !== null) emit(null);
  }

  function choose(product: Product) {
    setText(product.name);
    setOpen(false);
    setActiveIndex(-1);
    emit({ id: product.id, name: product.name });
  }

  function clear() {
    setText('');
    setOpen(false);
    emit(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter' && showPopup && activeOption >= 0) {
      // Enter picks the highlighted product instead of submitting the form around the picker.
      event.preventDefault();
      choose(results[activeOption]!);
    } else if (event.key === 'Escape' && showPopup) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const pastedId = value !== null && value.name === null;
  return (
    <div className="relative">
      <div className="relative">
        <Input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder="Name, brand or product ID"
          aria-autocomplete="list"
          aria-expanded={showPopup}
          aria-controls={listboxId}
          aria-activedescendant={activeOption >= 0 ? `${listboxId}-${activeOption}` : undefined}
          aria-invalid={ariaInvalid}
          aria-describedby={ariaDescribedBy}
          value={text}
          onChange={(event) => onType(event.target.value)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="pr-9"
        />
        {search.isFetching && searching ? (
          <Spinner className="absolute top-3 right-3 size-4 text-slate-400" />
        ) : (
          text && (
            <button
              type="button"
              onClick={clear}
              aria-label="Clear product"
              className="absolute top-2 right-2 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
            >
              <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
                <path
                  d="m5 5 10 10M15 5 5 15"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          )
        )}
      </div>

      {showPopup && (
        <div className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
          {results.length > 0 ? (
            <ul
              id={listboxId}
              role="listbox"
              aria-label="Matching products"
              className="max-h-72 overflow-y-auto py-1"
            >
              {results.map((product, index) => (
                <li
                  key={product.id}
                  id={`${listboxId}-${index}`}
                  role="option"
                  aria-selected={index === activeOption}
                  // Keeps focus in the input, so its blur does not close the list before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(product)}
                  onMouseEnter={() => setActiveIndex(index)}
                  className={cn(
                    'cursor-pointer px-3 py-2 text-sm',
                    index === activeOption ? 'bg-emerald-50' : 'hover:bg-slate-50',
                  )}
                >
                  <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                    <span className="font-medium text-slate-900">{product.name}</span>
                    <MedicineBadges product={product} />
                  </span>
                  <span className="block text-xs text-slate-500">{productDetails(product)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-3 py-2.5 text-sm text-slate-500">
              {search.isFetching ? 'Searching the catalogue…' : `No catalogue product matches “${query}”.`}
            </p>
          )}
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {showPopup && !search.isFetching
          ? `${results.length} matching product${results.length === 1 ? '' : 's'}`
          : ''}
      </p>

      {value && (
        <p className="mt-1.5 truncate text-xs text-slate-500" title={value.id}>
          {pastedId ? 'Pasted product ID ' : 'Product ID '}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[11px] text-slate-700">
            {value.id}
          </code>
        </p>
      )}
    </div>
  );
}
