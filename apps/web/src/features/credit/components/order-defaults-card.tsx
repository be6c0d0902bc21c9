import {
  MAX_MIN_SHELF_LIFE_DAYS,
  minShelfLifeHint,
  orderDefaultsSchema,
  type OrderDefaults,
} from '@aduro/shared/orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { FormField, Input } from '../../../components/ui/form-field';

interface OrderDefaultsCardProps {
  /** The saved defaults; undefined while they load. */
  defaults: OrderDefaults | undefined;
  saving: boolean;
  onSave: (defaults: OrderDefaults) => void;
}

/**
 * The buyer's order defaults (DOMAIN.md "Minimum shelf life"): the minimum shelf life an order asks for
 * when the builder or the cart checkout names none. Validated by the schema PUT /orders/defaults uses.
 */
export function OrderDefaultsCard({ defaults, saving, onSave }: OrderDefaultsCardProps) {
  const { register, handleSubmit, control, formState } = useForm<OrderDefaults>({
    // Filled in once the saved defaults arrive; what the buyer is typing is kept if they arrive late.
    values: defaults,
    defaultValues: { defaultMinShelfLifeDays: 0 },
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(orderDefaultsSchema),
  });
  const days = useWatch({ control, name: 'defaultMinShelfLifeDays' });

  return (
    <Card>
      <CardHeader
        id="order-defaults-heading"
        title="Order defaults"
        description="Applied to every new order, from the order builder or your cart, unless the order says otherwise."
      />
      <form
        noValidate
        aria-labelledby="order-defaults-heading"
        onSubmit={handleSubmit(onSave)}
        className="flex flex-col gap-4 px-5 py-5 sm:flex-row sm:items-start"
      >
        <FormField
          id="default-min-shelf-life"
          label="Minimum shelf life at delivery (days)"
          error={formState.errors.defaultMinShelfLifeDays?.message}
          hint={minShelfLifeHint(days)}
          className="sm:max-w-xs sm:flex-1"
        >
          {(aria) => (
            <Input
              {...aria}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_MIN_SHELF_LIFE_DAYS}
              step={1}
              disabled={defaults === undefined}
              {...register('defaultMinShelfLifeDays', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <Button type="submit" loading={saving} disabled={defaults === undefined} className="sm:mt-[26px]">
          Save
        </Button>
      </form>
    </Card>
  );
}
