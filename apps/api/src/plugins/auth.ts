import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import { hasPermission, type Permission, type UserType } from '@aduro/shared/permissions';
import type { SessionUser } from '@aduro/shared/auth';
import type { Config } from '../config.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import { loadSessionUser } from '../modules/auth/auth.repository.ts';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string };
    user: { sub: string };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies the Bearer token and loads the caller with permissions from their current roles. */
    authenticate: preHandlerAsyncHookHandler;
    /** A guard hook for a route group: authenticates, then checks user type and permissions. */
    guard(rule: GuardRule): preHandlerAsyncHookHandler;
    signAccessToken(userId: string): { token: string; expiresIn: number };
  }
  interface FastifyRequest {
    session: SessionUser | null;
  }
}

export interface GuardRule {
  userType?: UserType | readonly UserType[];
  /** One permission, or any of a list (SPEC §6). */
  permission?: Permission | readonly Permission[];
}

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const SESSION_INVALID = 'Your session is not valid. Please sign in again.';
const ACCOUNT_GONE = 'Your account is no longer active. Please sign in again.';

/** The signed-in caller; only call behind app.authenticate or app.guard. */
export function caller(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthenticated();
  return request.session;
}

export default fp(
  async function auth(app: FastifyInstance, opts: { config: Config }) {
    const ttlSeconds = opts.config.env.AUTH_TOKEN_TTL_HOURS * 3600;
    await app.register(fastifyJwt, {
      secret: opts.config.authSecret,
      sign: { algorithm: 'HS256', expiresIn: ttlSeconds },
      verify: { algorithms: ['HS256'] },
    });

    app.decorateRequest('session', null);

    app.decorate('signAccessToken', (userId: string) => ({
      token: app.jwt.sign({ sub: userId }),
      expiresIn: ttlSeconds,
    }));

    const authenticate: preHandlerAsyncHookHandler = async function (request) {
      if (request.session) return;
      const header = request.headers.authorization;
      if (!header || !/^Bearer\s+\S+/i.test(header)) throw unauthenticated();
      let payload: { sub: string };
      try {
        payload = await request.jwtVerify<{ sub: string }>();
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        throw unauthenticated(code.includes('EXPIRED') ? SESSION_EXPIRED : SESSION_INVALID);
      }
      if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub)) {
        throw unauthenticated(SESSION_INVALID);
      }
      // Permissions come from the roles held now, never from the token: a role change or a
      // removed user takes effect on the next request.
      const user = await loadSessionUser(app.db, payload.sub);
      if (!user) throw unauthenticated(ACCOUNT_GONE);
      request.session = user;
    };
    app.decorate('authenticate', authenticate);

    app.decorate('guard', (rule: GuardRule) => {
      const types = rule.userType === undefined ? undefined : ([] as UserType[]).concat(rule.userType);
      const handler: preHandlerAsyncHookHandler = async function (request, reply) {
        await authenticate.call(this, request, reply);
        const user = caller(request);
        if (types && !types.includes(user.userType)) {
          throw forbidden('You do not have permission to view that area.');
        }
        if (!hasPermission(user.permissions, rule.permission)) {
          throw forbidden('You do not have permission to do that.');
        }
      };
      return handler;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
