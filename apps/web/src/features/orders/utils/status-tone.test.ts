import { describe, expect, it } from 'vitest';
import { DROP_STATUSES } from '@aduro/shared/orders';
import { dropStatusTone, orderStatusTone } from './status-tone';

describe('status colours (SPEC §4)', () => {
  it('colours an order by its label: awaiting yellow, delivered green, cancelled red, the rest blue', () => {
    expect(
      ['AWAITING CUSTOMER APPROVAL', 'DELIVERED', 'CANCELLED', 'RELEASED', 'SHIPPED'].map(orderStatusTone),
    ).toEqual(['yellow', 'green', 'red', 'blue', 'blue']);
  });

  it('colours a drop: awaiting dispatch yellow, on its way blue, delivered green, cancelled red', () => {
    expect(DROP_STATUSES.map(dropStatusTone)).toEqual(['yellow', 'blue', 'blue', 'green', 'red']);
  });
});
