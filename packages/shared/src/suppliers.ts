import { z } from 'zod';
import { DIRECT_PAYMENT_METHODS } from './payments.ts';

export const SETTINGS_MESSAGES = {
  paymentTerms: 'Describe your payment terms, e.g. Net 30 or Prepaid',
  methods: 'Accept at least one payment method',
  defaultMethod: 'The default method must be one you accept',
  leadTime: 'Lead time must be a whole number of days from 0 to 60',
  saved: 'Supplier settings saved',
} as const;

/**
 * GET/PATCH /api/org/settings: the trading terms a supplier sets once and the marketplace and order
 * builder read (payment terms, accepted methods, default method, credit offered, default lead time).
 */
export const supplierSettingsSchema = z
  .object({
    paymentTerms: z
      .string({ error: SETTINGS_MESSAGES.paymentTerms })
      .trim()
      .min(2, SETTINGS_MESSAGES.paymentTerms)
      .max(100, 'Keep the payment terms under 100 characters'),
    supportedPaymentMethods: z
      .array(z.enum(DIRECT_PAYMENT_METHODS, { error: SETTINGS_MESSAGES.methods }), {
        error: SETTINGS_MESSAGES.methods,
      })
      .min(1, SETTINGS_MESSAGES.methods)
      .max(DIRECT_PAYMENT_METHODS.length)
      .transform((list) => DIRECT_PAYMENT_METHODS.filter((m) => list.includes(m))),
    defaultPaymentMethod: z.enum(DIRECT_PAYMENT_METHODS, { error: SETTINGS_MESSAGES.defaultMethod }),
    supportsCredit: z.boolean({ error: 'Say whether you offer credit' }),
    defaultLeadTimeDays: z
      .number({ error: SETTINGS_MESSAGES.leadTime })
      .int(SETTINGS_MESSAGES.leadTime)
      .min(0, SETTINGS_MESSAGES.leadTime)
      .max(60, SETTINGS_MESSAGES.leadTime),
  })
  .refine((s) => s.supportedPaymentMethods.includes(s.defaultPaymentMethod), {
    path: ['defaultPaymentMethod'],
    message: SETTINGS_MESSAGES.defaultMethod,
  })
  .meta({ id: 'SupplierSettings' });
export type SupplierSettings = z.output<typeof supplierSettingsSchema>;
export type SupplierSettingsInput = z.input<typeof supplierSettingsSchema>;

/**
 * What GET and PATCH /api/org/settings answer: the output of supplierSettingsSchema, without its
 * transform and cross-field rule, so it can be rendered as OpenAPI and checked on the way out.
 */
export const supplierSettingsResponseSchema = z
  .object({
    paymentTerms: z.string(),
    supportedPaymentMethods: z.array(z.enum(DIRECT_PAYMENT_METHODS)),
    defaultPaymentMethod: z.enum(DIRECT_PAYMENT_METHODS),
    supportsCredit: z.boolean(),
    defaultLeadTimeDays: z.number().int(),
  })
  .meta({ id: 'SupplierSettingsResponse' }) satisfies z.ZodType<SupplierSettings>;
