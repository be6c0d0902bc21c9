import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Cedis, exact in the database (numeric(14,2)); read as a number of cedis with at most 2 decimals. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
