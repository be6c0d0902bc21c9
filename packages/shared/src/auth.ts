import { z } from 'zod';
import { PERMISSIONS, USER_TYPES, type UserType } from './permissions.ts';
import { isIsoDate } from './calendar.ts';
import { COMPLIANCE_MESSAGES, LICENCE_KINDS } from './compliance.ts';

/** SPEC §9 licence upload limits. */
export const LICENCE_MAX_BYTES = 20_971_520;
export const LICENCE_EXTENSIONS = ['.pdf', '.png', '.jpg', '.jpeg', '.doc', '.docx'] as const;
/** MIME types accepted after sniffing the file's content (magic bytes), not its name. */
export const LICENCE_MIME_TYPES = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
} as const;

export const SUPPLIER_CATEGORIES = ['importer', 'distributor', 'manufacturer'] as const;
export type SupplierCategory = (typeof SUPPLIER_CATEGORIES)[number];

/** The account types as the sign-in screen labels them; messages name a type by these words. */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  customer: 'Customer',
  supplier: 'Supplier',
  platform: 'Platform',
};

export const AUTH_MESSAGES = {
  email: 'Please enter a valid email address',
  password: 'Password must be at least 6 characters',
  userType: 'User type must be customer, supplier or platform',
  name: 'Tell us who you are',
  businessName: 'Business name is required',
  organizationPhone: 'Enter an organisation phone number of at least 6 digits',
  organizationLocation: 'Enter the organisation location',
  supplierCategory: 'Select the supplier category that best describes your organisation',
  licensureDocument: 'Upload a licensure document we can verify',
  licenceTooLarge: 'File must be 20MB or smaller',
  licenceTooLargeToast: 'Licensure document must be 20MB or smaller',
  licenceType: 'Upload a PDF, PNG, JPG, DOC or DOCX file',
  deliveryAddress: 'Enter a delivery address of at least 5 characters',
  deliveryContactName: 'Enter the delivery contact name',
  deliveryContactPhone: 'Enter a delivery contact phone of at least 6 digits',
  approvers: 'Add at least one approver email',
  approverInvalid: (value: string) => `Approver email "${value}" is invalid`,
  platformRegistration: 'Platform accounts cannot be self-registered',
  reviewForm: 'Please review the highlighted details.',
  invalidCredentials: 'Invalid email or password',
  /** The password was right for an account of another type: the one to choose instead. */
  wrongAccountType: (accountType: UserType) =>
    `This is a ${accountType} account. Choose ${USER_TYPE_LABELS[accountType]} to sign in.`,
  emailTaken: 'An account with this email already exists',
  currentPassword: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  newPassword: 'New password must be at least 8 characters',
  newPasswordSame: 'Choose a new password different from your current one',
  passwordChanged: 'Password changed. Other sessions have been signed out.',
  accountRemoved: 'Your account is no longer active. Please sign in again.',
  /** A token signed before the user's last password change or "sign out everywhere". */
  sessionEnded: 'Your session has ended. Please sign in again.',
  resetRequested: 'If an account uses that e-mail, a reset link is on its way. It expires in 30 minutes.',
  resetTokenInvalid: 'This reset link has expired or was already used. Ask for a new one.',
  passwordReset: 'Password reset. Sign in with your new password.',
} as const;

/**
 * A password chosen while signed in: at least 8 characters, as for staff invites (SPEC §5's 6 stays for
 * sign-in and registration).
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;

const MAX_TEXT = 200;
const tooLong = (what: string, max = MAX_TEXT) => `${what} must be at most ${max} characters`;

export const userTypeSchema = z.enum(USER_TYPES, { error: AUTH_MESSAGES.userType });

const emailSchema = z
  .string({ error: AUTH_MESSAGES.email })
  .trim()
  .max(254, tooLong('Email', 254))
  .email({ error: AUTH_MESSAGES.email });

// An upper bound keeps a hostile client from making the server hash megabytes.
const passwordSchema = z
  .string({ error: AUTH_MESSAGES.password })
  .min(6, AUTH_MESSAGES.password)
  .max(128, tooLong('Password', 128));

/** POST /api/auth/login body; also the sign-in form. */
export const loginSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    userType: userTypeSchema,
  })
  .meta({ id: 'LoginRequest' });
export type LoginInput = z.infer<typeof loginSchema>;

/** Text that is optional: absent, empty or blank all mean "not given". */
const optionalText = (max = MAX_TEXT, what = 'This field') =>
  z
    .string()
    .trim()
    .max(max, tooLong(what, max))
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * Approvers arrive as a repeated multipart field, an array, or the form's comma-separated text.
 * All three become a list of trimmed, non-empty entries.
 */
export function splitApprovers(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return parts
    .flatMap((p) => (typeof p === 'string' ? p.split(',') : []))
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** What the server learns about an uploaded licence; the form builds the same from a File. */
export const licenceFileSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
});
export type LicenceFileInfo = z.infer<typeof licenceFileSchema>;

export function licenceHasAllowedExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return LICENCE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

const emailPattern = z.string().email();

/**
 * Registration: the one schema behind the form and POST /api/auth/register (SPEC §5).
 * Supplier-only rules live in the refinement so that every message shows at once.
 */
export const registerSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: z
      .string({ error: AUTH_MESSAGES.name })
      .trim()
      .min(3, AUTH_MESSAGES.name)
      .max(120, tooLong('Name', 120)),
    userType: userTypeSchema,
    businessName: optionalText(MAX_TEXT, 'Business name'),
    organizationPhone: optionalText(40, 'Phone number'),
    organizationLocation: optionalText(MAX_TEXT, 'Location'),
    supplierCategory: z
      .union([z.enum(SUPPLIER_CATEGORIES), z.literal('')], { error: AUTH_MESSAGES.supplierCategory })
      .optional()
      .transform((v) => (v ? v : undefined)),
    deliveryAddress: optionalText(300, 'Delivery address'),
    deliveryContactName: optionalText(120, 'Delivery contact name'),
    deliveryContactPhone: optionalText(40, 'Delivery contact phone'),
    approvers: z.preprocess(
      splitApprovers,
      z.array(z.string().max(254, tooLong('Approver email', 254))).max(20, 'Add at most 20 approvers'),
    ),
    licensureDocument: licenceFileSchema.optional(),
    // A buyer's Pharmacy Council licence (issue 32), optional: given, all four go together.
    licenceKind: z
      .union([z.enum(LICENCE_KINDS), z.literal('')], { error: COMPLIANCE_MESSAGES.licenceKind })
      .optional()
      .transform((v) => (v ? v : undefined)),
    licenceNumber: z
      .string({ error: COMPLIANCE_MESSAGES.licenceNumber })
      .trim()
      .max(60, COMPLIANCE_MESSAGES.licenceNumberTooLong)
      .optional()
      .transform((v) => (v ? v : undefined)),
    licenceExpiresOn: z
      .string({ error: COMPLIANCE_MESSAGES.licenceExpiresOn })
      .trim()
      .refine((v) => v === '' || isIsoDate(v), COMPLIANCE_MESSAGES.licenceExpiresOn)
      .optional()
      .transform((v) => (v ? v : undefined)),
    licenceDocument: licenceFileSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.userType === 'platform') issue('userType', AUTH_MESSAGES.platformRegistration);
    const isSupplier = v.userType === 'supplier';
    const atLeast = (value: string | undefined, min: number) => value !== undefined && value.length >= min;
    const licence = {
      licenceKind: v.licenceKind,
      licenceNumber: v.licenceNumber,
      licenceExpiresOn: v.licenceExpiresOn,
      licenceDocument: v.licenceDocument,
    };
    const given = Object.entries(licence).filter(([, value]) => value !== undefined);
    if (isSupplier) {
      // A supplier's licence is its licensure document; the buyer's licence fields are not its to give.
      for (const [field] of given) issue(field, COMPLIANCE_MESSAGES.notACustomer);
    } else if (given.length > 0) {
      for (const [field, value] of Object.entries(licence))
        if (value === undefined) issue(field, COMPLIANCE_MESSAGES.licenceIncomplete);
      // UTC, as the server reckons every expiry.
      if (v.licenceExpiresOn && v.licenceExpiresOn < new Date().toISOString().slice(0, 10))
        issue('licenceExpiresOn', COMPLIANCE_MESSAGES.licenceExpired);
      if (v.licenceDocument && v.licenceDocument.size > LICENCE_MAX_BYTES)
        issue('licenceDocument', AUTH_MESSAGES.licenceTooLarge);
      else if (v.licenceDocument && !licenceHasAllowedExtension(v.licenceDocument.name))
        issue('licenceDocument', AUTH_MESSAGES.licenceType);
    }
    // Optional for customers, but when given they must still make sense.
    if (
      isSupplier ? !atLeast(v.businessName, 2) : v.businessName !== undefined && !atLeast(v.businessName, 2)
    )
      issue('businessName', AUTH_MESSAGES.businessName);
    if (
      isSupplier
        ? !atLeast(v.organizationPhone, 6)
        : v.organizationPhone !== undefined && !atLeast(v.organizationPhone, 6)
    )
      issue('organizationPhone', AUTH_MESSAGES.organizationPhone);
    if (
      isSupplier
        ? !atLeast(v.organizationLocation, 2)
        : v.organizationLocation !== undefined && !atLeast(v.organizationLocation, 2)
    )
      issue('organizationLocation', AUTH_MESSAGES.organizationLocation);
    if (!isSupplier) return;
    if (!v.supplierCategory) issue('supplierCategory', AUTH_MESSAGES.supplierCategory);
    if (!v.licensureDocument) issue('licensureDocument', AUTH_MESSAGES.licensureDocument);
    else if (v.licensureDocument.size > LICENCE_MAX_BYTES)
      issue('licensureDocument', AUTH_MESSAGES.licenceTooLarge);
    else if (!licenceHasAllowedExtension(v.licensureDocument.name))
      issue('licensureDocument', AUTH_MESSAGES.licenceType);
    if (!atLeast(v.deliveryAddress, 5)) issue('deliveryAddress', AUTH_MESSAGES.deliveryAddress);
    if (!atLeast(v.deliveryContactName, 2)) issue('deliveryContactName', AUTH_MESSAGES.deliveryContactName);
    if (!atLeast(v.deliveryContactPhone, 6))
      issue('deliveryContactPhone', AUTH_MESSAGES.deliveryContactPhone);
    if (v.approvers.length === 0) issue('approvers', AUTH_MESSAGES.approvers);
    const invalid = v.approvers.find((a) => !emailPattern.safeParse(a).success);
    if (invalid !== undefined) issue('approvers', AUTH_MESSAGES.approverInvalid(invalid));
  });
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/** GET /api/auth/me: the session user of SPEC §3. */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    userType: z.enum(USER_TYPES),
    orgId: z.string().nullable(),
    organizationName: z.string().nullable(),
    organizationActive: z.boolean(),
    orgRole: z.string().nullable(),
    roles: z.array(z.string()),
    phoneNumber: z.string().nullable(),
    permissions: z.array(z.enum(PERMISSIONS)),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof sessionUserSchema>;

const tokenFields = {
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().describe('Seconds until the token expires'),
};

/** Answer of login and registration. */
export const authResponseSchema = z
  .object({ ...tokenFields, user: sessionUserSchema })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** A fresh token for the session that asked, in the shape sign-in answers its token. */
export const accessTokenSchema = z.object(tokenFields).meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof accessTokenSchema>;

/**
 * POST /api/auth/password body; also the change-password form. The server checks the current password
 * itself (a wrong one is a field error on currentPassword, never a 401).
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPassword })
      .min(1, AUTH_MESSAGES.currentPassword)
      .max(128, tooLong('Password', 128)),
    newPassword: z
      .string({ error: AUTH_MESSAGES.newPassword })
      .min(NEW_PASSWORD_MIN_LENGTH, AUTH_MESSAGES.newPassword)
      .max(128, tooLong('Password', 128)),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: AUTH_MESSAGES.newPasswordSame,
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** How long a password reset link works (docs/domain.md "Password reset"). */
export const RESET_TOKEN_MINUTES = 30;

/** POST /api/auth/password-reset body; also the "Send reset link" form. */
export const passwordResetRequestSchema = z
  .object({ email: emailSchema })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm body; also the "Set new password" form (with the link's token). */
export const passwordResetConfirmSchema = z
  .object({
    token: z.string().min(1, AUTH_MESSAGES.resetTokenInvalid).max(200, AUTH_MESSAGES.resetTokenInvalid),
    password: z
      .string({ error: AUTH_MESSAGES.newPassword })
      .min(NEW_PASSWORD_MIN_LENGTH, AUTH_MESSAGES.newPassword)
      .max(128, tooLong('Password', 128)),
  })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** The 202 of POST /api/auth/password-reset: the same whether or not an account uses the e-mail. */
export const passwordResetAcceptedSchema = z
  .object({ message: z.string() })
  .meta({ id: 'PasswordResetAccepted' });
