import { z } from 'zod';
import { isIsoDate } from './calendar.ts';

/**
 * Lawful trade (issue 32, docs/domain.md "Who may buy what"): the legal status of a medicine, the
 * buyer's Pharmacy Council licence, and the controlled-drugs register. Ghana's rules: the Pharmacy Act
 * 1994 (Act 489) s.29, s.30, s.33-34, s.39; the Public Health Act 2012 (Act 851) for FDA registration;
 * E.I. 168 (2018) for tramadol; the Narcotics Control Commission Act 2020 (Act 1019).
 */

// ---------------------------------------------------------------------------------------------------
// Medicines

/** A prescription-only (POM), B pharmacy-only (P), C over the counter (OTC). */
export const MEDICINE_CLASSES = ['A', 'B', 'C'] as const;
export type MedicineClass = (typeof MEDICINE_CLASSES)[number];

/** The short label a badge shows. */
export const MEDICINE_CLASS_LABELS: Record<MedicineClass, string> = { A: 'POM', B: 'P', C: 'OTC' };
/** The words a tooltip, a dialog or a screen reader gives. */
export const MEDICINE_CLASS_NAMES: Record<MedicineClass, string> = {
  A: 'Prescription-only medicine (class A)',
  B: 'Pharmacy medicine (class B)',
  C: 'Over the counter (class C)',
};

/**
 * A product with no class recorded is treated as class A, the strictest: nobody may sell more freely
 * what nobody has classed.
 */
export const effectiveMedicineClass = (c: MedicineClass | null | undefined): MedicineClass => c ?? 'A';

export const CONTROLLED_KINDS = ['narcotic', 'psychotropic', 'precursor'] as const;
export type ControlledKind = (typeof CONTROLLED_KINDS)[number];
export const CONTROLLED_KIND_LABELS: Record<ControlledKind, string> = {
  narcotic: 'Narcotic',
  psychotropic: 'Psychotropic',
  precursor: 'Precursor',
};

/** How many days ahead a licence, an authorisation or a product registration is reminded of. */
export const COMPLIANCE_REMINDER_DAYS = 30;

const isoDateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isIsoDate(v), message);

export const COMPLIANCE_MESSAGES = {
  medicineClass: 'Choose class A, B or C',
  controlled: 'Choose narcotic, psychotropic or precursor, or leave it empty',
  fdaRegistrationNumber: 'Keep the FDA registration number to 40 characters or fewer',
  fdaRegistrationExpiresOn: 'The registration expiry must be a real date in the form YYYY-MM-DD',
  fdaRegistrationIncomplete: 'Give both the FDA registration number and its expiry date, or neither',
  nothingToChange: 'Change at least one of the class, controlled status or FDA registration',
  legalStatusSaved: 'Legal status saved.',

  licenceKind: 'Choose the kind of licence the Pharmacy Council issued',
  licenceNumber: 'Enter the licence number as printed on the licence',
  licenceNumberTooLong: 'Keep the licence number to 60 characters or fewer',
  licenceExpiresOn: 'The licence expiry must be a real date in the form YYYY-MM-DD',
  licenceExpired: 'This licence has already expired: upload the renewed one',
  licenceDocument: 'Upload the licence document',
  licenceIncomplete: 'Give the licence kind, number, expiry date and document together, or none of them',
  authorisationNumber: 'Enter the authorisation number, or leave both authorisation fields empty',
  authorisationExpiresOn: 'The authorisation expiry must be a real date in the form YYYY-MM-DD',
  authorisationIncomplete: 'Give both the authorisation number and its expiry date, or neither',
  licenceSubmitted: 'Licence sent for review. We will tell you when it is checked.',

  reviewStatus: 'Choose verified or rejected',
  reviewReason: 'Give the reason, so the pharmacy knows what to fix',
  reviewReasonTooLong: 'Keep the reason to 500 characters or fewer',
  licenceRecordNotFound: 'This organisation has not submitted a licence yet',
  licenceRecordChanged: (organisation: string) =>
    `${organisation} sent a new version of its licence since you opened it. Review the new version.`,
  notACustomer: 'Only buying organisations hold a pharmacy licence on Aduro',

  /** Refusals (409), naming the product and what is missing. */
  licenceRequired: (product: string) =>
    `${product} can be released only to a buyer with a verified, unexpired pharmacy licence. Submit or renew yours under Licence; an administrator checks it.`,
  classNotAllowed: (product: string, classLabel: string) =>
    `${product} is ${classLabel}: an OTC medicine seller may buy only over-the-counter (class C) medicines that are not controlled.`,
  controlledNotAuthorised: (product: string, kind: string) =>
    `${product} is a controlled drug (${kind.toLowerCase()}): it needs a verified, unexpired controlled-drugs authorisation on your licence.`,
  registrationLapsed: (product: string, on: string) =>
    `${product}'s FDA registration lapsed on ${on}; it cannot be sold until the registration is renewed.`,

  signoffRequired: (product: string, orderNumber: string) =>
    `${product} is a controlled drug: a Pharmacist must sign off order ${orderNumber} before it ships.`,
  notControlled: (orderNumber: string) =>
    `Order ${orderNumber} holds no controlled drug: there is nothing to sign off.`,
  nothingToSignOff: (orderNumber: string) => `Every delivery of order ${orderNumber} is already signed off.`,
  signoffNotReleased: (orderNumber: string) =>
    `Order ${orderNumber} is not released yet: a Pharmacist signs off what was allocated to it.`,
  signedOff: (orderNumber: string) =>
    `Order ${orderNumber} signed off and entered in the controlled register.`,
} as const;

/** The legal status fields, optional on POST /api/products (SPEC's payload stays valid without them). */
export const productLegalStatusFields = {
  medicineClass: z.enum(MEDICINE_CLASSES, { error: COMPLIANCE_MESSAGES.medicineClass }).nullish(),
  controlled: z.enum(CONTROLLED_KINDS, { error: COMPLIANCE_MESSAGES.controlled }).nullish(),
  fdaRegistrationNumber: z
    .string()
    .trim()
    .max(40, COMPLIANCE_MESSAGES.fdaRegistrationNumber)
    .nullish()
    .transform((v) => (v ? v : null)),
  fdaRegistrationExpiresOn: z
    .union([isoDateField(COMPLIANCE_MESSAGES.fdaRegistrationExpiresOn), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
};

/** What a card, a row or a dialog shows beside a product's name: its class badge and Controlled badge. */
export const productClassFields = {
  medicineClass: z
    .enum(MEDICINE_CLASSES)
    .nullable()
    .describe('A prescription-only, B pharmacy-only, C over the counter; null (not classed) is treated as A'),
  controlled: z.enum(CONTROLLED_KINDS).nullable().describe('null when not a controlled drug'),
};

/** A product's legal status as every product answer carries it. */
export const productLegalStatusSchema = z.object({
  ...productClassFields,
  fdaRegistrationNumber: z.string().nullable(),
  fdaRegistrationExpiresOn: z.string().nullable().describe('YYYY-MM-DD; null when not recorded'),
});
export type ProductLegalStatus = z.infer<typeof productLegalStatusSchema>;

/** PATCH /api/admin/products/{id}: a platform administrator sets or corrects the legal status. */
export const adminProductPatchSchema = z
  .object({
    medicineClass: z
      .enum(MEDICINE_CLASSES, { error: COMPLIANCE_MESSAGES.medicineClass })
      .nullable()
      .optional(),
    controlled: z.enum(CONTROLLED_KINDS, { error: COMPLIANCE_MESSAGES.controlled }).nullable().optional(),
    fdaRegistrationNumber: z
      .string()
      .trim()
      .max(40, COMPLIANCE_MESSAGES.fdaRegistrationNumber)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    fdaRegistrationExpiresOn: z
      .union([isoDateField(COMPLIANCE_MESSAGES.fdaRegistrationExpiresOn), z.literal('')])
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: COMPLIANCE_MESSAGES.nothingToChange,
    path: ['medicineClass'],
  })
  .meta({ id: 'AdminProductLegalStatusPatch' });
export type AdminProductPatchInput = z.input<typeof adminProductPatchSchema>;

export const productIdParamsSchema = z.object({
  id: z.string().uuid({ error: 'Product id must be a UUID' }),
});

// ---------------------------------------------------------------------------------------------------
// Whether this buyer may buy this offer

/** The refusals of "who may buy what", each a 409 code of errors.ts. */
export const ELIGIBILITY_CODES = [
  'REGISTRATION_LAPSED',
  'LICENCE_REQUIRED',
  'LICENCE_CLASS_NOT_ALLOWED',
  'CONTROLLED_NOT_AUTHORISED',
] as const;
export type EligibilityCode = (typeof ELIGIBILITY_CODES)[number];

/**
 * Whether the caller may release an order of this offer now, decided by the same SQL as approval
 * (apps/api/src/modules/compliance/compliance.repository.ts). Drafting and carting stay open; this tells
 * the buyer before it tries.
 */
export const eligibilitySchema = z
  .object({
    allowed: z.boolean(),
    code: z.enum(ELIGIBILITY_CODES).nullable(),
    reason: z.string().nullable().describe('For people: what is missing; null when allowed'),
  })
  .meta({ id: 'Eligibility' });
export type Eligibility = z.infer<typeof eligibilitySchema>;

// ---------------------------------------------------------------------------------------------------
// The buyer's licence

export const LICENCE_KINDS = [
  'retail_pharmacy',
  'hospital_pharmacy',
  'wholesale_pharmacy',
  'otc_medicine_seller',
] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];
export const LICENCE_KIND_LABELS: Record<LicenceKind, string> = {
  retail_pharmacy: 'Retail pharmacy',
  hospital_pharmacy: 'Hospital pharmacy',
  wholesale_pharmacy: 'Wholesale pharmacy',
  otc_medicine_seller: 'OTC medicine seller',
};

export const LICENCE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];
export const LICENCE_STATUS_LABELS: Record<LicenceStatus, string> = {
  pending: 'Awaiting review',
  verified: 'Verified',
  rejected: 'Rejected',
};

/**
 * The text fields of a licence as a multipart form sends them (PUT /api/org/licence-record, and
 * optionally customer registration); the document is the form's file part.
 */
export const licenceFieldsSchema = z.object({
  licenceKind: z.enum(LICENCE_KINDS, { error: COMPLIANCE_MESSAGES.licenceKind }),
  licenceNumber: z
    .string({ error: COMPLIANCE_MESSAGES.licenceNumber })
    .trim()
    .min(1, COMPLIANCE_MESSAGES.licenceNumber)
    .max(60, COMPLIANCE_MESSAGES.licenceNumberTooLong),
  licenceExpiresOn: isoDateField(COMPLIANCE_MESSAGES.licenceExpiresOn),
});

/** PUT /api/org/licence-record (multipart): the licence, a document, and optionally an authorisation. */
export const licenceRecordFormSchema = licenceFieldsSchema
  .extend({
    controlledAuthorisationNumber: z
      .string()
      .trim()
      .max(60, COMPLIANCE_MESSAGES.licenceNumberTooLong)
      .optional()
      .transform((v) => (v ? v : undefined)),
    controlledAuthorisationExpiresOn: z
      .union([isoDateField(COMPLIANCE_MESSAGES.authorisationExpiresOn), z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((v, ctx) => {
    if (!!v.controlledAuthorisationNumber !== !!v.controlledAuthorisationExpiresOn)
      ctx.addIssue({
        code: 'custom',
        message: COMPLIANCE_MESSAGES.authorisationIncomplete,
        path: [
          v.controlledAuthorisationNumber
            ? 'controlledAuthorisationExpiresOn'
            : 'controlledAuthorisationNumber',
        ],
      });
  })
  .meta({ id: 'LicenceRecordForm' });
export type LicenceRecordFormInput = z.input<typeof licenceRecordFormSchema>;

/** A buyer's licence record as GET /api/org/licence-record and the admin queue answer it. */
export const licenceRecordSchema = z
  .object({
    organizationId: z.string(),
    organizationName: z.string(),
    kind: z.enum(LICENCE_KINDS),
    number: z.string(),
    expiresOn: z.string().describe('YYYY-MM-DD'),
    expired: z.boolean().describe('True once expiresOn has passed (UTC)'),
    document: z
      .object({ fileName: z.string(), mimeType: z.string(), sizeBytes: z.number().int() })
      .nullable()
      .describe('The uploaded licence; null when none was uploaded'),
    status: z.enum(LICENCE_STATUSES),
    reason: z.string().nullable().describe('The reviewer’s reason (always given on rejection)'),
    reviewedBy: z.string().nullable().describe('The reviewer’s name'),
    reviewedAt: z.string().nullable(),
    submittedAt: z.string(),
    controlledAuthorisation: z
      .object({
        number: z.string(),
        expiresOn: z.string(),
        expired: z.boolean(),
        authorised: z.boolean().describe('True once a platform administrator verified it'),
      })
      .nullable(),
  })
  .meta({ id: 'LicenceRecord' });
export type LicenceRecord = z.infer<typeof licenceRecordSchema>;

/** GET /api/org/licence-record: the record, or null when the buyer has submitted none. */
export const myLicenceRecordSchema = z
  .object({ record: licenceRecordSchema.nullable() })
  .meta({ id: 'MyLicenceRecord' });

/** GET /api/admin/licences query. */
export const licenceQueueQuerySchema = z.object({
  status: z.enum(LICENCE_STATUSES, { error: 'Status must be pending, verified or rejected' }).optional(),
});

export const licenceQueueSchema = z
  .object({ records: z.array(licenceRecordSchema).describe('Oldest submission first') })
  .meta({ id: 'LicenceQueue' });

/** PATCH /api/admin/entities/{id}/licence-record. */
export const licenceReviewSchema = z
  .object({
    status: z.enum(['verified', 'rejected'], { error: COMPLIANCE_MESSAGES.reviewStatus }),
    reason: z
      .string()
      .trim()
      .max(500, COMPLIANCE_MESSAGES.reviewReasonTooLong)
      .optional()
      .transform((v) => (v ? v : undefined)),
    controlledAuthorised: z
      .boolean()
      .optional()
      .describe('Verified only: whether the authorisation is checked too'),
    submittedAt: z
      .string()
      .max(40)
      .optional()
      .describe(
        'The submittedAt of the record the reviewer read: when the buyer has sent a newer version since, the review is refused (409 LICENCE_RECORD_CHANGED) rather than applied to what nobody read',
      ),
  })
  .refine((v) => v.status !== 'rejected' || !!v.reason, {
    message: COMPLIANCE_MESSAGES.reviewReason,
    path: ['reason'],
  })
  .meta({ id: 'LicenceReview' });
export type LicenceReviewInput = z.input<typeof licenceReviewSchema>;

// ---------------------------------------------------------------------------------------------------
// Controlled drugs

/** One supply of a controlled drug, written when a Pharmacist signs it off. Never updated or deleted. */
export const controlledRegisterEntrySchema = z
  .object({
    id: z.string(),
    entryDate: z.string().describe('YYYY-MM-DD (UTC) of the sign-off'),
    signedOffAt: z.string(),
    supplierId: z.string(),
    supplierName: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    dropId: z.string(),
    productId: z.string(),
    productName: z.string(),
    controlled: z.enum(CONTROLLED_KINDS),
    batchNumber: z.string().nullable(),
    quantity: z.number().int(),
    buyerId: z.string(),
    buyerName: z.string(),
    buyerLicenceNumber: z.string(),
    buyerAuthorisationNumber: z.string(),
    approverName: z.string().describe('The buyer’s user who approved the order'),
    pharmacistName: z.string().describe('The supplier’s Pharmacist who signed it off'),
  })
  .meta({ id: 'ControlledRegisterEntry' });
export type ControlledRegisterEntry = z.infer<typeof controlledRegisterEntrySchema>;

export const controlledRegisterSchema = z
  .object({ entries: z.array(controlledRegisterEntrySchema).describe('Newest first') })
  .meta({ id: 'ControlledRegister' });

/** The columns of controlled_register.csv, in order. */
export const CONTROLLED_REGISTER_CSV_COLUMNS = [
  'entryDate',
  'supplierName',
  'orderNumber',
  'productName',
  'controlled',
  'batchNumber',
  'quantity',
  'buyerName',
  'buyerLicenceNumber',
  'buyerAuthorisationNumber',
  'approverName',
  'pharmacistName',
] as const satisfies readonly (keyof ControlledRegisterEntry)[];

export const controlledSignoffSchema = z
  .object({
    orderId: z.string(),
    entries: z.array(controlledRegisterEntrySchema).describe('The register entries this sign-off wrote'),
  })
  .meta({ id: 'ControlledSignoff' });
