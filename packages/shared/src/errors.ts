import { z } from 'zod';

/** Kinds of failure, each answered with one HTTP status. */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  internal: 500,
  /** The database cannot be reached or did not answer in time; the caller tries again shortly. */
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

/**
 * Every failure the API answers, by a stable code a client can branch on (the message is for people and
 * may be reworded; the code never changes meaning). Each code has one kind, hence one status. New codes
 * are added here, with what the caller can do about it.
 */
export const ERROR_CODES = {
  // Requests the server cannot read.
  VALIDATION_FAILED: ['validation', 'A field or parameter is invalid; fieldErrors name each one.'],
  MALFORMED_REQUEST: ['validation', 'The body is not valid JSON or the multipart form is broken.'],
  IDEMPOTENCY_KEY_INVALID: ['validation', 'The Idempotency-Key header is not a valid key.'],
  EMPTY_CART: ['validation', 'The cart has nothing to order.'],
  NO_UNITS: ['validation', 'The order asks for no units.'],
  PAYMENT_OVER_DUE: ['validation', 'The payment is more than the invoice still owes.'],
  UNKNOWN_PROVIDER: [
    'validation',
    'The mobile money network is not one Paystack lists now (GET /api/payments/mobile-money/providers).',
  ],
  EXPIRY_PASSED: [
    'validation',
    'The stock sync names an expiry date already past; send confirmExpired: true to record it as expired stock.',
  ],
  IMPORT_FILE_INVALID: [
    'validation',
    'The import file is not CSV or XLSX, is empty, has no header row naming the columns, or has more than 20,000 rows; the message says which.',
  ],
  RESET_TOKEN_INVALID: [
    'validation',
    'The password reset link is unknown, expired (30 minutes) or already used: ask for a new one.',
  ],

  // Who the caller is.
  UNAUTHENTICATED: ['unauthenticated', 'No token, or one that cannot be read: sign in.'],
  SESSION_EXPIRED: [
    'unauthenticated',
    'The session ended (the token expired, or a password change or "sign out everywhere" ended it): sign in again.',
  ],
  ACCOUNT_REMOVED: ['unauthenticated', 'The account behind the token no longer exists or has no access.'],
  INVALID_CREDENTIALS: ['unauthenticated', 'The e-mail and password do not match an account.'],
  WRONG_ACCOUNT_TYPE: [
    'unauthenticated',
    'The e-mail and password are right but the account is of another type; details.accountType names it.',
  ],
  API_KEY_INVALID: ['unauthenticated', 'The API key is unknown or has been revoked.'],
  INVALID_SIGNATURE: [
    'unauthenticated',
    'The Paystack webhook has no x-paystack-signature, or one that does not match its body; nothing was stored.',
  ],

  // What the caller may do.
  FORBIDDEN: ['forbidden', 'The caller’s role or kind of account may not do this.'],
  OTHER_ORGANISATION: ['forbidden', 'The request names another organisation’s data.'],
  PLATFORM_REGISTRATION: ['forbidden', 'Platform accounts cannot be registered.'],
  API_KEY_SCOPE_MISSING: [
    'forbidden',
    'The API key lacks the scope the operation needs; the message names it.',
  ],
  API_KEY_NOT_ALLOWED: ['forbidden', 'API keys cannot call this operation; a person must sign in.'],

  // What the request names.
  NOT_FOUND: ['not_found', 'No such route or file.'],
  ORGANISATION_NOT_FOUND: ['not_found', 'No such organisation (for this caller).'],
  SUPPLIER_NOT_FOUND: ['not_found', 'No such supplier.'],
  PRODUCT_NOT_FOUND: ['not_found', 'No such product.'],
  ORDER_NOT_FOUND: ['not_found', 'No such order for this organisation.'],
  DROP_NOT_FOUND: ['not_found', 'No such drop on this order.'],
  INVOICE_NOT_FOUND: ['not_found', 'No such invoice for this organisation.'],
  APPLICATION_NOT_FOUND: ['not_found', 'No such credit application for this supplier.'],
  USER_NOT_FOUND: ['not_found', 'No such user in this organisation.'],
  CART_LINE_NOT_FOUND: ['not_found', 'No such line in the cart.'],
  LICENCE_NOT_FOUND: ['not_found', 'The organisation has no licence on file.'],
  NOTIFICATION_NOT_FOUND: ['not_found', 'No such notification for this user.'],
  RECALL_NOT_FOUND: ['not_found', 'No such recall for this organisation.'],
  IMPORT_NOT_FOUND: ['not_found', 'No such stock import for this organisation.'],
  LICENCE_RECORD_NOT_FOUND: ['not_found', 'The buying organisation has not submitted a pharmacy licence.'],
  API_KEY_NOT_FOUND: ['not_found', 'No such API key for this organisation.'],
  RFQ_NOT_FOUND: [
    'not_found',
    'No such request for quotation for this organisation (a supplier sees only those it was invited to).',
  ],
  QUOTE_NOT_FOUND: ['not_found', 'The supplier has no quote standing on this request to withdraw.'],
  RETURN_NOT_FOUND: ['not_found', 'No such return for this organisation.'],
  CREDIT_NOTE_NOT_FOUND: ['not_found', 'No such credit note for this organisation.'],
  PAYMENT_NOT_FOUND: ['not_found', 'No such mobile money payment for this organisation.'],

  // The state of things does not allow it (409): refresh and decide again.
  EMAIL_TAKEN: ['conflict', 'An account already uses this e-mail.'],
  PRODUCT_EXISTS: ['conflict', 'A product with this name already exists; the message names it.'],
  PRODUCT_GTIN_TAKEN: ['conflict', 'Another product already has this GTIN; the message names it.'],
  BUYER_INACTIVE: ['conflict', 'The buying organisation is deactivated.'],
  SUPPLIER_INACTIVE: ['conflict', 'The supplier is deactivated.'],
  NOT_OFFERED: ['conflict', 'The supplier no longer offers the product.'],
  BELOW_MOQ: ['conflict', 'Fewer units than the supplier’s minimum order quantity.'],
  NO_PAYMENT_METHOD: ['conflict', 'The supplier accepts none of the payment methods asked for.'],
  NO_CREDIT_LINE: ['conflict', 'The buyer has no active credit line with the supplier.'],
  CREDIT_SHORTFALL: ['conflict', 'The credit line has too little available for the order.'],
  STOCK_SHORTFALL: ['conflict', 'The supplier has too few sellable units; the message gives both numbers.'],
  SHELF_LIFE_SHORTFALL: [
    'conflict',
    'Too few of the supplier’s units have the order’s minimum shelf life left at delivery; the message says how many do.',
  ],
  BATCH_RECALLED: [
    'conflict',
    'The order could only be filled from recalled (quarantined) batches; the message names the recall.',
  ],
  BATCHES_ALREADY_RECALLED: [
    'conflict',
    'Every batch named is already under a recall; the message names it.',
  ],
  DROP_NOT_RECALLED: ['conflict', 'The delivery received none of the recalled batches.'],
  DROP_HOLDS_RECALLED_BATCH: [
    'conflict',
    'The drop holds units of a recalled batch, so it cannot ship or be delivered: re-pick it (awaiting dispatch) or cancel it. details name the recall (recallId, recallNumber) and batchNumbers.',
  ],
  DROP_NOT_AWAITING_DISPATCH: [
    'conflict',
    'Only a drop awaiting dispatch can be re-picked; one already on its way can only be cancelled.',
  ],
  DROP_NOT_DELIVERED: [
    'conflict',
    'The delivery has not reached the pharmacy (the supplier holds it), so it cannot be confirmed as quarantined there.',
  ],
  REGISTRATION_LAPSED: [
    'conflict',
    'The product’s FDA registration has lapsed: it cannot be drafted, carted or approved; the message names it and the day.',
  ],
  LICENCE_REQUIRED: [
    'conflict',
    'Releasing an order needs a verified, unexpired pharmacy licence; the message names the product.',
  ],
  LICENCE_CLASS_NOT_ALLOWED: [
    'conflict',
    'The buyer’s licence does not allow the product’s class (an OTC medicine seller buys class C only, nothing controlled).',
  ],
  CONTROLLED_NOT_AUTHORISED: [
    'conflict',
    'The product is a controlled drug and the buyer holds no verified, unexpired controlled-drugs authorisation.',
  ],
  CONTROLLED_SIGNOFF_REQUIRED: [
    'conflict',
    'The drop holds a controlled drug not yet signed off by the supplier’s Pharmacist, so it cannot ship.',
  ],
  LICENCE_RECORD_CHANGED: [
    'conflict',
    'The buyer sent a newer version of its licence than the one reviewed (submittedAt differs): read it again.',
  ],
  NOT_CONTROLLED: ['conflict', 'The order holds no controlled drug; there is nothing to sign off.'],
  NOTHING_TO_SIGN_OFF: [
    'conflict',
    'Every open delivery of the order is already signed off (or the order is not released yet).',
  ],
  ORDER_NOT_AWAITING_APPROVAL: ['conflict', 'The order was already approved or cancelled.'],
  ORDER_NOT_RELEASED: ['conflict', 'The order’s drops cannot move before the buyer approves it.'],
  INVALID_TRANSITION: ['conflict', 'The drop cannot move from its status to the one asked for.'],
  DROP_PAID: ['conflict', 'The drop cannot be cancelled: its value is already paid.'],
  INVOICE_VOID: ['conflict', 'The invoice was voided.'],
  INVOICE_PAID: ['conflict', 'The invoice is already paid in full.'],
  MOBILE_MONEY_OFF: [
    'conflict',
    'Mobile money is not set up on this server (no Paystack key): the supplier records payments by hand.',
  ],
  PAYMENT_NOT_AWAITING_OTP: ['conflict', 'The mobile money payment is not waiting for a code (any more).'],
  PAYMENT_NOT_SETTLED: ['conflict', 'The mobile money payment has not settled, so it has no receipt.'],
  APPLICATION_PENDING: ['conflict', 'An application to this supplier is already awaiting its decision.'],
  APPLICATION_DECIDED: ['conflict', 'The credit application was already decided.'],
  LIMIT_BELOW_BALANCE: ['conflict', 'The new limit is below what the buyer already owes.'],
  LAST_ADMIN: ['conflict', 'The organisation would be left without an Admin.'],
  REMOVE_SELF: ['conflict', 'Users cannot remove themselves.'],
  API_KEY_NAME_TAKEN: ['conflict', 'Another live key of the organisation has this name.'],
  IMPORT_NOTHING_TO_APPLY: [
    'conflict',
    'Every row of the import has an error: nothing can be applied. Fix the file and upload it again.',
  ],
  RFQ_NO_SUPPLIERS: [
    'conflict',
    'Invite "all" found no active supplier offering any of the products: name the suppliers to invite.',
  ],
  RFQ_CLOSED: [
    'conflict',
    'The request no longer takes quotes, declines or withdrawals: its deadline passed, or it was closed, awarded or cancelled.',
  ],
  RFQ_NOT_OPEN: ['conflict', 'Only an open request can be closed early.'],
  RFQ_STILL_OPEN: [
    'conflict',
    'The request is still open for quotes: close it (or wait for its deadline) before awarding.',
  ],
  RFQ_AWARDED: ['conflict', 'The request was already awarded: its orders are drafted.'],
  RFQ_CANCELLED: ['conflict', 'The request was cancelled.'],
  QUOTE_EXPIRED: [
    'conflict',
    'The quote is past its validUntil and can no longer be awarded; the message names it.',
  ],
  AWARD_EXCEEDS_QUOTE: [
    'conflict',
    'More units awarded than the supplier quoted; the message gives both numbers.',
  ],
  AWARD_EXCEEDS_REQUEST: [
    'conflict',
    'The awards of one line add up to more units than the request asks for; the message gives both numbers.',
  ],
  RETURN_EXCEEDS_DELIVERED: [
    'conflict',
    'More units of a batch than the drop delivered, less what other returns already claim; the message gives the numbers.',
  ],
  RETURN_WRONG_STATUS: [
    'conflict',
    'The return is not at the step this asks for (approve and reject a requested return, receive an approved one, inspect a received one).',
  ],
  RESTOCK_NOT_ALLOWED: [
    'conflict',
    'Returned units of a recalled or expired batch, or one with under 90 days of shelf life left, cannot go back into stock.',
  ],
  CREDIT_EXCEEDS_INVOICE: [
    'conflict',
    'The credit notes against the invoice would come to more than it invoiced.',
  ],
  IDEMPOTENCY_KEY_REUSED: ['conflict', 'The Idempotency-Key was used for a different request.'],
  IDEMPOTENCY_IN_PROGRESS: ['conflict', 'The request with this Idempotency-Key is still running; retry.'],

  // Sizes, types and rates.
  PAYLOAD_TOO_LARGE: ['too_large', 'The body or the uploaded file is too large.'],
  UNSUPPORTED_MEDIA: ['unsupported_media', 'The content type or the file type is not accepted.'],
  SIGN_IN_LOCKED: ['rate_limited', 'Too many failed sign-ins; Retry-After says when to try again.'],
  REGISTRATION_LIMITED: ['rate_limited', 'Too many registrations from one network; Retry-After says when.'],
  PASSWORD_RESET_LIMITED: [
    'rate_limited',
    'Too many password reset requests for this e-mail or from this network; Retry-After says when.',
  ],
  RATE_LIMITED: ['rate_limited', 'Too many requests; Retry-After says when to try again.'],
  API_KEY_RATE_LIMITED: [
    'rate_limited',
    'The API key made more requests this minute than API_KEY_RATE_PER_MINUTE allows; Retry-After says when the next minute starts.',
  ],

  // The server's side.
  UNAVAILABLE: ['unavailable', 'The database is briefly away; retry after Retry-After seconds.'],
  PAYSTACK_UNAVAILABLE: [
    'unavailable',
    'Paystack could not be reached; retry after Retry-After seconds. A charge already started is checked again by the server.',
  ],
  INTERNAL_ERROR: ['internal', 'A fault on the server, logged under requestId.'],
} as const satisfies Record<string, readonly [ErrorKind, string]>;
export type ErrorCode = keyof typeof ERROR_CODES;

export const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The kind (so the status) of a code. */
export const errorKindOf = (code: ErrorCode): ErrorKind => ERROR_CODES[code][0];

/** Every error the API answers has this shape (DOMAIN.md "Numbers, dates, errors"). */
export const errorResponseSchema = z
  .object({
    message: z.string().meta({ description: 'For people; may be reworded. Branch on `code`.' }),
    code: z.enum(errorCodes).meta({
      description: Object.entries(ERROR_CODES)
        .map(([code, [kind, what]]) => `- \`${code}\` (${ERROR_STATUS[kind]}): ${what}`)
        .join('\n'),
    }),
    kind: z.enum(Object.keys(ERROR_STATUS) as [ErrorKind, ...ErrorKind[]]),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
    details: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Facts a client can act on, per code (WRONG_ACCOUNT_TYPE: accountType).' }),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
/** The answer while the database restarts, fails over or stalls (503 with Retry-After). */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
