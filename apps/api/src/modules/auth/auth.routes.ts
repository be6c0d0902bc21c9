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
  LICENCE_MIME_TYPES,
} from '@aduro/shared/auth';
import { badRequest, toFieldErrors } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { changePassword, login, register, signOutEverywhere } from './auth.service.ts';
import { findLicence, type LoadedSession } from './auth.repository.ts';
import { sendLicence, type LicenceStorage, type StagedLicence } from './licence-storage.ts';
import { discardAll, formMessages, readMultipartForm, type ReadForm } from '../../lib/multipart-form.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { RegistrationLimiter } from './registration-limiter.ts';
import { PasswordResetLimiter } from './password-reset-limiter.ts';
import {
  PASSWORD_RESET_QUEUE,
  confirmPasswordReset,
  type PasswordResetJob,
} from './password-reset.service.ts';
import { errorResponses, mediaResponse } from '../../lib/error-responses.ts';

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
        security: [],
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
        security: [],
        summary: 'Create an organisation and its first user',
        description:
          'multipart/form-data. Suppliers also send supplierCategory, licensureDocument (pdf, png, jpeg, doc or ' +
          'docx, at most 20971520 bytes), deliveryAddress, deliveryContactName, deliveryContactPhone and one ' +
          '`approvers` field per approver e-mail. New supplier organisations start inactive until reviewed. ' +
          'Customers may also send their Pharmacy Council licence: licenceKind, licenceNumber, ' +
          'licenceExpiresOn (YYYY-MM-DD, not yet passed) and the file licenceDocument (same file rules), all ' +
          "four or none; it is recorded 'pending' for a platform administrator to review. Suppliers are " +
          'refused these four fields (400). ' +
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
      const { fields, files } = await readRegistration(request, opts.storage);
      const info = (staged: StagedLicence | undefined) =>
        staged ? { name: staged.fileName, size: staged.size } : undefined;
      try {
        const parsed = registerSchema.safeParse({
          ...fields,
          licensureDocument: info(files.licensureDocument),
          licenceDocument: info(files.licenceDocument),
        });
        if (!parsed.success) {
          const fieldErrors = toFieldErrors(parsed.error.issues);
          const keys = Object.keys(fieldErrors);
          const message = keys.length === 1 ? fieldErrors[keys[0]!]![0]! : AUTH_MESSAGES.reviewForm;
          throw badRequest(message, fieldErrors);
        }
        // A valid form counts: what follows hashes a password and creates an organisation.
        await registrations.consume(request.ip);
        const supplier = parsed.data.userType === 'supplier';
        const licence =
          supplier && files.licensureDocument
            ? await opts.storage.verify(files.licensureDocument)
            : undefined;
        const buyerLicence =
          !supplier && files.licenceDocument ? await opts.storage.verify(files.licenceDocument) : undefined;
        const user = await register(app.db, opts.storage, parsed.data, licence, buyerLicence);
        return reply.status(201).send(respond(user));
      } finally {
        await discardAll(opts.storage, files);
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
        description:
          'Who the Bearer token (a session token or an API key) stands for: the user, their ' +
          'organisation and the permissions their roles give now, read again when roles change.',
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
        security: [],
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
        security: [],
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
        description:
          'Suppliers only: the file their organisation uploaded at registration, inline with the type ' +
          'it was stored as, never cached. 404 when none was uploaded.',
        security: [{ bearerAuth: [] }],
        response: {
          200: mediaResponse(
            'The licensure document: pdf, png, jpeg, doc or docx',
            Object.keys(LICENCE_MIME_TYPES),
          ),
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

/** The registration's file fields: a supplier's licensure document, a buyer's Pharmacy Council licence. */
const REGISTRATION_FILES = ['licensureDocument', 'licenceDocument'] as const;

export const FORM_MESSAGES = formMessages('registration form');

/**
 * Reads the registration form. Multipart is what the web form sends; a JSON body is accepted too for
 * customers (a file cannot be attached that way: a supplier is told so by the schema, and a buyer's
 * licence without its document is incomplete).
 */
async function readRegistration(
  request: FastifyRequest,
  storage: LicenceStorage,
): Promise<ReadForm<StagedLicence>> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('Send the registration form as multipart/form-data.', undefined, 'MALFORMED_REQUEST');
    }
    const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const file of REGISTRATION_FILES) delete fields[file];
    return { fields, files: {} };
  }
  return readMultipartForm(request, storage, {
    form: 'registration form',
    files: REGISTRATION_FILES,
    repeated: ['approvers'],
  });
}
