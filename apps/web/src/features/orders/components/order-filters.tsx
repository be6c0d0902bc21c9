import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { OUTGOING_STATUS, type OrderFilters as Filters } from '../hooks/use-order-filters';

/** The status choices; a value is what ?status= holds ('' for every state). */
const STATUS_CHOICES = [
  { value: '', label: 'All' },
  { value: 'AWAITING_CUSTOMER_APPROVAL', label: 'Awaiting approval' },
  { value: 'RELEASED', label: 'Released' },
  { value: 'SHIPPED', label: 'Shipped' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'CANCELLED', label: 'Cancelled' },
] as const;

/** The shipping tab lists what is on its way by default; the other states are a choice away. */
const OUTGOING_CHOICE = { value: OUTGOING_STATUS, label: 'Outgoing' } as const;

interface OrderFiltersProps {
  filters: Filters;
  /** Who is looking: the buyer searches by supplier, the seller by customer (and has Outgoing). */
  side: 'buyer' | 'seller';
}

/**
 * The order list's filter bar: status, the other party, the product or PO number, and the days placed.
 * One row on a laptop. On a phone, where five fields would push the orders a screen down, they fold
 * behind a Filters button (which says when some are set); there the dates share a row.
 */
export function OrderFilters({ filters, side }: OrderFiltersProps) {
  const { values } = filters;
  const [open, setOpen] = useState(false);
  const choices = side === 'seller' ? [OUTGOING_CHOICE, ...STATUS_CHOICES] : STATUS_CHOICES;
  return (
    <div role="search" aria-label="Filter orders">
      <Button
        variant="secondary"
        className="w-full sm:hidden"
        aria-expanded={open}
        aria-controls="order-filter-fields"
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide filters' : filters.active ? 'Filters (on)' : 'Filters'}
      </Button>
      <div
        id="order-filter-fields"
        className={cn(
          'grid-cols-2 items-start gap-3 sm:grid sm:grid-cols-4 lg:grid-cols-[minmax(9rem,12rem)_minmax(0,1fr)_minmax(0,1fr)_9.5rem_9.5rem_auto]',
          open ? 'mt-3 grid sm:mt-0' : 'hidden',
        )}
      >
        <FormField id="order-filter-status" label="Status" className="col-span-2 sm:col-span-1 lg:col-span-1">
          {(c) => (
            <Select {...c} value={values.status} onChange={(e) => filters.setStatus(e.target.value)}>
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="order-filter-counterparty"
          label={side === 'buyer' ? 'Supplier' : 'Customer'}
          className="col-span-2 sm:col-span-3 lg:col-span-1"
        >
          {(c) => (
            <Input
              {...c}
              type="search"
              maxLength={100}
              autoComplete="off"
              placeholder={side === 'buyer' ? 'Supplier name' : 'Customer name'}
              value={values.counterparty}
              onChange={(e) => filters.setText('counterparty', e.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="order-filter-product"
          label="Product or PO number"
          className="col-span-2 lg:col-span-1"
        >
          {(c) => (
            <Input
              {...c}
              type="search"
              maxLength={100}
              autoComplete="off"
              placeholder="e.g. Amoxicillin"
              value={values.product}
              onChange={(e) => filters.setText('product', e.target.value)}
            />
          )}
        </FormField>
        <FormField id="order-filter-from" label="From" error={filters.rangeError}>
          {(c) => (
            <Input
              {...c}
              type="date"
              max={values.to || undefined}
              value={values.from}
              onChange={(e) => filters.setDate('from', e.target.value)}
            />
          )}
        </FormField>
        <FormField id="order-filter-to" label="To">
          {(c) => (
            <Input
              {...c}
              type="date"
              min={values.from || undefined}
              value={values.to}
              onChange={(e) => filters.setDate('to', e.target.value)}
            />
          )}
        </FormField>
        {filters.active && (
          // The label row's height above it, so the button lines up with the fields on a laptop.
          <div className="col-span-2 sm:col-span-4 lg:col-span-1 lg:pt-[1.625rem]">
            <Button variant="ghost" className="w-full lg:w-auto" onClick={filters.clear}>
              Clear filters
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
