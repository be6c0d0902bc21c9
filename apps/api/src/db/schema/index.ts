// The schema drizzle-kit reads and the db client is typed with; one file per domain.
export * from './auth.ts';
export * from './catalogue.ts';
export * from './inventory.ts';
export * from './cart.ts';
export * from './orders.ts';
export * from './credit.ts';
export * from './invoices.ts';
export * from './suppliers.ts';
export * from './events.ts';
export * from './idempotency.ts';
export * from './notifications.ts';
export * from './recalls.ts';
export * from './compliance.ts';
export * from './api-keys.ts';
export * from './inventory-imports.ts';
export * from './rfqs.ts';
export * from './returns.ts';
