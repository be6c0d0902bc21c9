/** Payment method values (SPEC §3), in the order a buyer reads them. */
export const PAYMENT_METHODS = [
  'cash',
  'mobile_money',
  'digital_wallet',
  'credit_facility',
  'cheque',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  mobile_money: 'Mobile money',
  digital_wallet: 'Digital wallet',
  credit_facility: 'Credit facility',
  cheque: 'Cheque',
};

/** Methods a supplier lists itself; credit_facility follows from offering credit or a credit line. */
export const DIRECT_PAYMENT_METHODS = [
  'cash',
  'mobile_money',
  'digital_wallet',
  'cheque',
] as const satisfies readonly PaymentMethod[];
