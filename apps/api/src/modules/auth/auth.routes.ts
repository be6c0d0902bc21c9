import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  authResponseSchema,
  loginSchema,
  registerSchema,
  sessionUserSchema,
  type SessionUser,
} from '@aduro/shared/auth';
import { AppError, badRequest, toFieldErrors } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { nulError } from '../../plugins/input-guard.ts';
import { login, register } from './auth.service.ts';
import { findLicence } from './auth.repository.ts';
import { sendLicence, type LicenceStorage, type StagedLicence } from './licence-storage.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { RegistrationLimiter } from './registration-limiter.ts';
import { errorResponses } from '../../lib/error-responses.ts';

export interface AuthRoutesOptions {
  limiter: LoginLimiter;
  storage: LicenceStorage;
  /** Registrations per client address; 10 an hour on the app's database unless given. */
  registrations?: RegistrationLimiter;
}

const errors = errorResponses(400, 401, 429);

/** POST /auth/login, POST /auth/register (multipart), GET /auth/me. */
export default async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const registrations = opts.registrations ?? new RegistrationLimiter(app.db);

  const respond = (user: SessionUser) => {
    app.rememberSession(user);
    const { token, expiresIn } = app.signAccessToken(user.id);
    return { accessToken: token, tokenType: 'Bearer' as const, expiresIn, user };
  };

  r.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail, password and user type',
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
      throw badRequest('Send the registration form as multipart/form-data.');
    }
    return { fields: { ...(body as Record<string, unknown>), licensureDocument: undefined } };
  }
  const fields: Fields = {};
  const approvers: string[] = [];
  // Fields holding a NUL byte, which PostgreSQL refuses: named once the whole form is read.
  const withNul = new Set<string>();
  let staged: StagedLicence | undefined;
  try {
    for await (const part of request.parts()) {
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
      throw new AppError('too_large', AUTH_MESSAGES.licenceTooLargeToast, {
        fieldErrors: { licensureDocument: [AUTH_MESSAGES.licenceTooLarge] },
      });
    }
    throw unreadableForm(err);
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
} as const;

/**
 * The parser's (busboy's) own errors for a body that is not a readable form, as a 400 the sender can
 * act on; anything else (a limit @fastify/multipart answers itself, a failing disk) is left as it is.
 */
function unreadableForm(err: unknown): unknown {
  if (!(err instanceof Error) || 'statusCode' in err) return err;
  if (/Boundary (not found|required)/.test(err.message)) return badRequest(FORM_MESSAGES.noBoundary);
  if (/unexpected end of (form|multipart data)|^Malformed/i.test(err.message)) {
    return badRequest(FORM_MESSAGES.incomplete);
  }
  return err;
}
