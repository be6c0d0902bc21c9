import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
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
    authenticate: AuthHook;
    /**
     * A guard hook for a route group: authenticates, then checks user type and permissions. Given
     * several rules, the caller passes when any one of them holds.
     */
    guard(rule: GuardRule | readonly GuardRule[]): AuthHook;
    signAccessToken(userId: string): { token: string; expiresIn: number };
    /** Keeps a caller just read from the database (at sign-in) as the current one for its user. */
    rememberSession(user: SessionUser): void;
    /** The user as the database has them now (null when removed), bypassing every cache. */
    readCurrentUser(userId: string): Promise<SessionUser | null>;
  }
  interface FastifyRequest {
    session: SessionUser | null;
  }
}

/**
 * A preValidation hook that finishes at once (calling done, when Fastify gives one) or returns a promise.
 * Called directly, `await` it.
 */
export type AuthHook = (
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  done?: HookHandlerDoneFunction,
) => Promise<void> | undefined;

export interface GuardRule {
  userType?: UserType | readonly UserType[];
  /** One permission, or any of a list (SPEC §6). */
  permission?: Permission | readonly Permission[];
}

const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const SESSION_INVALID = 'Your session is not valid. Please sign in again.';
const SESSION_TTL_MS = 5_000;
const ACCOUNT_GONE = 'Your account is no longer active. Please sign in again.';
/** How far a token's issue time may run ahead of this server's clock (another replica's clock drifts). */
const CLOCK_SKEW_S = 60;

/** The signed-in caller; only call behind app.authenticate or app.guard. */
export function caller(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthenticated();
  return request.session;
}

export default fp(
  async function auth(app: FastifyInstance, opts: { config: Config; sessionCacheMs?: number }) {
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

    // The caller behind a token, kept for a few seconds: a signed-in screen fires several reads at once
    // and each needs the caller's current roles. The change feed drops them on every replica: a staff
    // change forgets that user, an organisation switched on or off forgets everyone (rare), and a gap in
    // the feed forgets everyone, so a role change, a removed user or a deactivated organisation applies
    // to the next request (SESSION_TTL_MS bounds it should the feed itself be down).
    const ttl = opts.sessionCacheMs ?? SESSION_TTL_MS;
    const sessions = ttl > 0 ? new LRUCache<string, SessionUser>({ max: 10_000, ttl }) : null;
    if (sessions) {
      app.feed.subscribe((event) => {
        if (event.type === 'staff.changed') {
          if (event.refs.userId) sessions.delete(event.refs.userId);
          else sessions.clear();
        } else if (event.type === 'organisation.toggled') sessions.clear();
      });
      app.feed.onResync(() => sessions.clear());
    }
    const sessionKey = (userId: string) => userId;
    const loadCaller = async (userId: string) => {
      const known = sessions?.get(sessionKey(userId));
      if (known) return known;
      const user = await loadSessionUser(app.db, userId);
      if (user) sessions?.set(sessionKey(userId), user);
      return user;
    };
    // Signing in reads the user afresh, so a change made outside this server (a password or name reset
    // from the shell) shows from that sign-in on.
    app.decorate('readCurrentUser', (userId: string) => loadSessionUser(app.db, userId));
    app.decorate('rememberSession', (user: SessionUser) => {
      sessions?.set(sessionKey(user.id), user);
    });

    // Tokens whose signature has been checked, by their exact header text, until they expire (at most a
    // minute): a signed-in screen sends the same token with every read, and hashing and decoding it each
    // time was the largest cost of a cached read. The text is the key, so a token that differs in any
    // character is verified afresh.
    const verifiedTokens = new LRUCache<string, { sub: string }>({ max: 10_000, ttl: 60_000 });
    const verifyToken = async (request: FastifyRequest, header: string): Promise<string> => {
      let payload: { sub: string; exp?: unknown; iat?: unknown };
      try {
        payload = await request.jwtVerify<{ sub: string; exp?: unknown; iat?: unknown }>();
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        throw unauthenticated(code.includes('EXPIRED') ? SESSION_EXPIRED : SESSION_INVALID);
      }
      if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub)) {
        throw unauthenticated(SESSION_INVALID);
      }
      // Every token this server signs expires; one that never would, or one issued in the future (a
      // leaked secret's work, or a clock far off), is not one of ours.
      const now = Date.now();
      if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) {
        throw unauthenticated(SESSION_INVALID);
      }
      if (
        payload.iat !== undefined &&
        (typeof payload.iat !== 'number' || payload.iat * 1000 > now + CLOCK_SKEW_S * 1000)
      ) {
        throw unauthenticated(SESSION_INVALID);
      }
      const left = payload.exp * 1000 - now;
      if (left > 0) verifiedTokens.set(header, { sub: payload.sub }, { ttl: Math.min(60_000, left) });
      return payload.sub;
    };

    const BEARER = /^Bearer\s+\S+/i;
    // The caller from the two caches alone: a token verified before and its user read since the last
    // write. Most requests of a signed-in screen end here, without a promise or a database read.
    const cachedCaller = (header: string): SessionUser | undefined => {
      const sub = verifiedTokens.get(header)?.sub;
      return sub === undefined ? undefined : sessions?.get(sessionKey(sub));
    };
    const resolveCaller = async (request: FastifyRequest, header: string | undefined) => {
      if (!header || !BEARER.test(header)) throw unauthenticated();
      const sub = verifiedTokens.get(header)?.sub ?? (await verifyToken(request, header));
      // Permissions come from the roles held now, never from the token.
      const user = await loadCaller(sub);
      if (!user) throw unauthenticated(ACCOUNT_GONE);
      request.session = user;
    };

    /**
     * Sets request.session or refuses with 401. Answers at once (undefined) when the caller is cached,
     * else with a promise; as a Fastify hook, either way is followed. The answer is the caller's own, so
     * no HTTP cache (a proxy's or the browser's) may keep it: a header set here costs nothing more per
     * request (a route that must differ, like the licence download, sets its own).
     */
    const authenticate: AuthHook = function (request, reply, done) {
      void reply.header('cache-control', 'no-store');
      const header = request.headers.authorization;
      const known = request.session ?? (header && BEARER.test(header) ? cachedCaller(header) : undefined);
      if (known) {
        request.session = known;
        done?.();
        return undefined;
      }
      return resolveCaller(request, header);
    };
    app.decorate('authenticate', authenticate);

    app.decorate('guard', (rule: GuardRule | readonly GuardRule[]) => {
      // Several rules let one route serve different callers (a customer, or a supplier's credit staff).
      const rules = ([] as GuardRule[]).concat(rule).map((r) => ({
        types: r.userType === undefined ? undefined : ([] as UserType[]).concat(r.userType),
        permission: r.permission,
      }));
      const check = (request: FastifyRequest) => {
        const user = caller(request);
        const ofType = rules.filter((r) => !r.types || r.types.includes(user.userType));
        if (ofType.length === 0) throw forbidden('You do not have permission to view that area.');
        if (!ofType.some((r) => hasPermission(user.permissions, r.permission))) {
          throw forbidden('You do not have permission to do that.');
        }
      };
      const handler: AuthHook = function (request, reply, done) {
        const pending = authenticate.call(this, request, reply);
        if (pending) return pending.then(() => check(request));
        check(request);
        done?.();
        return undefined;
      };
      return handler;
    });
  },
  { name: 'auth', dependencies: ['db', 'feed'] },
);
