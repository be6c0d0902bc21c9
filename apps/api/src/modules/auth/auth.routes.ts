import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  accessTokenSchema,
  authResponseSchema,
  changePasswordSchema,
  loginSchema,
  passwordResetAcceptedSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerSchema,
  sessionUserSchema,
} from '@aduro/shared/auth';
import { AppError, badRequest, toFieldErrors } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { nulError } from '../../plugins/input-guard.ts';
import { changePassword, login, register, signOutEverywhere } from './auth.service.ts';
import { findLicence, type LoadedSession } from './auth.repository.ts';
import { sendLicence, type LicenceStorage, type StagedLicence } from './licence-storage.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { RegistrationLimiter } from './registration-limiter.ts';
import { PasswordResetLimiter } from './password-reset-limiter.ts';
import {
  PASSWORD_RESET_QUEUE,
  confirmPasswordReset,
  type PasswordResetJob,
} from './password-reset.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

export interface AuthRoutesOptions {
  limiter: LoginLimiter;
  storage: LicenceStorage;
  /** Registrations per client address; 10 an hour on the app's database unless given. */
  registrations?: RegistrationLimiter;
  /** Reset requests per e-mail (5 an hour) and per client address (20 an hour) unless given. */
  passwordResets?: PasswordResetLimiter;
}

const errors = errorResponses(400, 401, 429);

/**
 * POST /auth/login, POST /auth/register (multipart), GET /auth/me, POST /auth/password,
 * POST /auth/sign-out-everywhere, POST /auth/password-reset, POST /auth/password-reset/confirm (its
 * e-mail goes out from auth.jobs.ts).
 */
export default async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const registrations = opts.registrations ?? new RegistrationLimiter(app.db);
  const passwordResets = opts.passwordResets ?? new PasswordResetLimiter(app.db);

  const tokenFor = (userId: string, sessionVersion: number) => {
    const { token, expiresIn } = app.signAccessToken(userId, sessionVersion);
    return { accessToken: token, tokenType: 'Bearer' as const, expiresIn };
  };
  const respond = (session: LoadedSession) => {
    app.rememberSession(session);
    return { ...tokenFor(session.user.id, session.sessionVersion), user: session.user };
  };

  r.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail, password and user type',
        description:
          'An unknown e-mail or a wrong password is 401 INVALID_CREDENTIALS. The right password for an ' +
          'account of another type is 401 WRONG_ACCOUNT_TYPE, naming the type to choose ' +
          '(details.accountType). Failed sign-ins are limited (429 SIGN_IN_LOCKED with Retry-After).',
        body: loginSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => respond(await login(app.db, opts.limiter, request.body, request.ip)),
  );

  r.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an organisation and its first user',
        description:
          'multipart/form-data. Suppliers also send supplierCategory, licensureDocument (pdf, png, jpeg, doc or ' +
          'docx, at most 20971520 bytes), deliveryAddress, deliveryContactName, deliveryContactPhone and one ' +
          '`approvers` field per approver e-mail. New supplier organisations start inactive until reviewed. ' +
          'At most 10 registrations an hour from one client address (429 with Retry-After).',
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          201: authResponseSchema,
          ...errors,
          ...errorResponses(403, 409, 413, 415),
        },
      },
      config: { openapiBody: registerSchema },
    },
    async (request, reply) => {
      // Checked before the form is read, so a blocked address does not get to upload a licence.
      await registrations.assertAllowed(request.ip);
      const { fields, staged } = await readRegistration(request, opts.storage);
      try {
        const parsed = registerSchema.safeParse({
          ...fields,
          licensureDocument: staged ? { name: staged.fileName, size: staged.size } : undefined,
        });
        if (!parsed.success) {
          const fieldErrors = toFieldErrors(parsed.error.issues);
          const keys = Object.keys(fieldErrors);
          const message = keys.length === 1 ? fieldErrors[keys[0]!]![0]! : AUTH_MESSAGES.reviewForm;
          throw badRequest(message, fieldErrors);
        }
        // A valid form counts: what follows hashes a password and creates an organisation.
        await registrations.consume(request.ip);
        const licence =
          parsed.data.userType === 'supplier' && staged ? await opts.storage.verify(staged) : undefined;
        const user = await register(app.db, opts.storage, parsed.data, licence);
        return reply.status(201).send(respond(user));
      } finally {
        await opts.storage.discard(staged);
      }
    },
  );

  r.get(
    '/auth/me',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, with permissions from their current roles',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => caller(request),
  );

  r.post(
    '/auth/password',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; every other session of the user ends",
        description:
          'A wrong current password is 400 with a field error on currentPassword (and counts as a failed ' +
          'sign-in). The new password needs at least 8 characters and must differ from the current one. ' +
          'Answers a fresh token for this session: tokens signed before are refused from their next ' +
          'request on (401 SESSION_EXPIRED), on every replica.',
        security: [{ bearerAuth: [] }],
        body: changePasswordSchema,
        response: { 200: accessTokenSchema, ...errors },
      },
    },
    async (request) => {
      const me = caller(request);
      const version = await changePassword(app.db, opts.limiter, me, request.body, request.ip);
      return tokenFor(me.id, version);
    },
  );

  r.post(
    '/auth/sign-out-everywhere',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'End every session of the signed-in user, this one included',
        description:
          'Answers 204; every token of the user signed before is refused from its next request on.',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null().describe('Every session has ended'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await signOutEverywhere(app.db, caller(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link by e-mail',
        description:
          'Always answers 202 with the same body, whether or not an account uses the e-mail; the lookup and ' +
          'the e-mail happen later, in a job. An existing account gets a link to /reset-password that works ' +
          'once, for 30 minutes. At most 5 requests an hour per e-mail and 20 per client address ' +
          '(429 PASSWORD_RESET_LIMITED with Retry-After).',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetAcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await passwordResets.consume(request.body.email, request.ip);
      // Every request enqueues the same job, so the answer takes as long whether or not the account exists.
      await app.jobs.send<PasswordResetJob>(PASSWORD_RESET_QUEUE, { email: request.body.email });
      return reply.status(202).send({ message: AUTH_MESSAGES.resetRequested });
    },
  );

  r.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: "Set a new password with a reset link's token; every session of the user ends",
        description:
          'The password needs at least 8 characters. An unknown, expired or used token is 400 ' +
          'RESET_TOKEN_INVALID. Answers 204: the user then signs in with the new password.',
        body: passwordResetConfirmSchema,
        response: { 204: z.null().describe('The password is set'), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(app.db, request.body);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/org/licence',
    {
      preValidation: app.guard({ userType: 'supplier' }),
      schema: {
        tags: ['auth'],
        summary: "The caller's own organisation's licensure document, as uploaded at registration",
        security: [{ bearerAuth: [] }],
        response: {
          200: z.unknown().describe('The licensure document: pdf, png, jpeg, doc or docx'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const orgId = caller(request).orgId;
      return sendLicence(reply, opts.storage, orgId ? await findLicence(app.db, orgId) : null);
    },
  );
}

type Fields = Record<string, unknown> & { approvers?: string[] };

/**
 * Reads the registration form. Multipart is what the web form sends; a JSON body is accepted too for
 * customers (a supplier cannot attach a licence that way, and is told so by the schema).
 */
async function readRegistration(
  request: FastifyRequest,
  storage: LicenceStorage,
): Promise<{ fields: Fields; staged?: StagedLicence }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('Send the registration form as multipart/form-data.', undefined, 'MALFORMED_REQUEST');
    }
    return { fields: { ...(body as Record<string, unknown>), licensureDocument: undefined } };
  }
  const fields: Fields = {};
  const approvers: string[] = [];
  // Fields holding a NUL byte, which PostgreSQL refuses: named once the whole form is read.
  const withNul = new Set<string>();
  let staged: StagedLicence | undefined;
  // A part whose Content-Disposition names no field (busboy leaves fieldname undefined): nothing in the
  // form can be matched to it, so the whole form is refused once it is read.
  let unnamed = false;
  try {
    for await (const part of request.parts()) {
      if (typeof part.fieldname !== 'string' || part.fieldname === '') {
        unnamed = true;
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.fieldname.includes('\u0000')) {
        withNul.add('body');
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'file') {
        if (part.filename?.includes('\u0000')) withNul.add(part.fieldname);
        // Browsers send an empty part for an empty file input; anything but the first licence is drained.
        if (part.fieldname !== 'licensureDocument' || staged || !part.filename || withNul.size > 0) {
          part.file.resume();
          continue;
        }
        staged = await storage.stage(part.file, part.filename);
        if (staged.size === 0) {
          await storage.discard(staged);
          staged = undefined;
        }
      } else if (typeof part.value === 'string' && part.value.includes('\u0000')) {
        withNul.add(part.fieldname);
      } else if (part.fieldname === 'approvers') {
        approvers.push(String(part.value));
      } else if (part.fieldname !== 'licensureDocument') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await storage.discard(staged);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', AUTH_MESSAGES.licenceTooLargeToast, {
        fieldErrors: { licensureDocument: [AUTH_MESSAGES.licenceTooLarge] },
      });
    }
    throw unreadableForm(err);
  }
  if (unnamed) {
    await storage.discard(staged);
    throw badRequest(FORM_MESSAGES.unnamedPart, undefined, 'MALFORMED_REQUEST');
  }
  if (withNul.size > 0) {
    await storage.discard(staged);
    throw nulError([...withNul]);
  }
  if (approvers.length > 0) fields.approvers = approvers;
  return { fields, staged };
}

export const FORM_MESSAGES = {
  noBoundary:
    'The registration form could not be read: it was sent as multipart/form-data without a boundary.',
  incomplete: 'The registration form arrived incomplete. Please send it again.',
  unnamedPart:
    'The registration form could not be read: one of its parts has no field name (Content-Disposition: form-data; name="...").',
} as const;

/**
 * The parser's (busboy's) own errors for a body that is not a readable form, as a 400 the sender can
 * act on; anything else (a limit @fastify/multipart answers itself, a failing disk) is left as it is.
 */
function unreadableForm(err: unknown): unknown {
  if (!(err instanceof Error) || 'statusCode' in err) return err;
  if (/Boundary (not found|required)/.test(err.message))
    return badRequest(FORM_MESSAGES.noBoundary, undefined, 'MALFORMED_REQUEST');
  if (/unexpected end of (form|multipart data)|^Malformed/i.test(err.message)) {
    return badRequest(FORM_MESSAGES.incomplete, undefined, 'MALFORMED_REQUEST');
  }
  return err;
}
