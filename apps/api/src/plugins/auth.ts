import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { hasPermission, type Permission, type UserType } from '@aduro/shared/permissions';
import { AUTH_MESSAGES, type SessionUser } from '@aduro/shared/auth';
import { API_KEY_MESSAGES, type ApiKeyScope } from '@aduro/shared/api-keys';
import type { Config } from '../config.ts';
import { AppError, forbidden, unauthenticated } from '../lib/errors.ts';
import { resolveApiKey } from '../modules/api-keys/api-keys.repository.ts';
import { hashApiKey, isApiKey } from '../modules/api-keys/key.ts';
import { permissionsForScopes, scopeForRoute } from '../modules/api-keys/scopes.ts';
import { loadSession, type LoadedSession } from '../modules/auth/auth.repository.ts';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    /** `ver`: the user's session version when signed; tokens from before versions have none (0). */
    payload: { sub: string; ver: number };
    user: { sub: string; ver?: number };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies the Bearer token and loads the caller with permissions from their current roles. */
    authenticate: AuthHook;
    /**
     * The one way a route or route group is guarded (its preValidation, so before the body is read):
     * authenticates, then checks user type and permissions. Given several rules, the caller passes
     * when any one of them holds; `options` names the refusals a screen words its own way.
     */
    guard(rule: GuardRule | readonly GuardRule[], options?: GuardOptions): AuthHook;
    /** A token for the user at their current session version (sign-in, registration, password change). */
    signAccessToken(userId: string, sessionVersion: number): { token: string; expiresIn: number };
    /** Keeps a caller just read from the database (at sign-in) as the current one for its user. */
    rememberSession(session: LoadedSession): void;
    /**
     * The user and their session version as the database has them now (null when removed), bypassing
     * every cache.
     */
    readCurrentSession(userId: string): Promise<LoadedSession | null>;
  }
  interface FastifyRequest {
    session: SessionUser | null;
    /** The session version the request's token carries, accepted as the user's current one. */
    tokenVersion: number;
    /** The API key the request was made with (a machine client's); null for a person's session. */
    apiKey: { id: string; name: string; scopes: ApiKeyScope[] } | null;
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

export interface GuardOptions {
  /** The 403 message when the caller is none of the user types the rules name. */
  wrongType?: string;
  /** The caller must belong to an organisation (member() then answers it); the 403 message if not. */
  organisation?: string | true;
}

const NO_PERMISSION = 'You do not have permission to do that.';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
const SESSION_INVALID = 'Your session is not valid. Please sign in again.';
const SESSION_TTL_MS = 5_000;
/** How far a token's issue time may run ahead of this server's clock (another replica's clock drifts). */
const CLOCK_SKEW_S = 60;

/** The signed-in caller; only call behind app.authenticate or app.guard. */
export function caller(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthenticated();
  return request.session;
}

/** The caller with the session version their token carries; only behind app.authenticate or app.guard. */
export function callerSession(request: FastifyRequest): LoadedSession {
  return { user: caller(request), sessionVersion: request.tokenVersion };
}

/**
 * The API key the request was made with, or null for a person's session. The routes a key may write
 * through (modules/api-keys/scopes.ts) pass it down to recordEvent, so the trail names the key: by hand
 * rather than through an AsyncLocalStorage, which on Node 20 makes every promise of the process pay for
 * async hooks (decision 0006).
 */
export function apiKeyIdOf(request: FastifyRequest): string | null {
  return request.apiKey?.id ?? null;
}

/** A signed-in member of an organisation. */
export type Member = SessionUser & { orgId: string };

/** The caller as a member of its organisation; call behind a guard with `organisation`, which refused the others. */
export function member(request: FastifyRequest): Member {
  const user = caller(request);
  if (!user.orgId) throw forbidden('FORBIDDEN', NO_PERMISSION);
  return user as Member;
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
    app.decorateRequest('tokenVersion', 0);
    app.decorateRequest('apiKey', null);

    app.decorate('signAccessToken', (userId: string, sessionVersion: number) => ({
      token: app.jwt.sign({ sub: userId, ver: sessionVersion }),
      expiresIn: ttlSeconds,
    }));

    // The caller behind a token, with their session version, kept for a few seconds: a signed-in screen
    // fires several reads at once and each needs the caller's current roles. The change feed drops them on
    // every replica: a staff change or ended sessions forget that user, an organisation switched on or off
    // forgets everyone (rare), and a gap in the feed forgets everyone, so a role change, a removed user, a
    // deactivated organisation or a password change applies to the next request (SESSION_TTL_MS bounds it
    // should the feed itself be down).
    const ttl = opts.sessionCacheMs ?? SESSION_TTL_MS;
    const sessions = ttl > 0 ? new LRUCache<string, LoadedSession>({ max: 10_000, ttl }) : null;
    // Moves on with every drop: a read that started before a drop may hold what the drop was about, so
    // it is answered but not kept.
    let drops = 0;
    const forget = (userId?: string) => {
      drops += 1;
      if (userId) sessions?.delete(userId);
      else sessions?.clear();
    };
    if (sessions) {
      app.feed.subscribe((event) => {
        if (event.type === 'staff.changed' || event.type === 'account.sessions_ended') {
          forget(event.refs.userId);
        } else if (event.type === 'organisation.toggled') forget();
      });
      app.feed.onResync(() => forget());
    }
    const loadCaller = async (userId: string, fresh = false) => {
      const known = fresh ? undefined : sessions?.get(userId);
      if (known) return known;
      const before = drops;
      const loaded = await loadSession(app.db, userId);
      if (loaded && before === drops) sessions?.set(userId, loaded);
      return loaded;
    };
    // Signing in reads the user afresh, so a change made outside this server (a password or name reset
    // from the shell) shows from that sign-in on.
    app.decorate('readCurrentSession', (userId: string) => loadSession(app.db, userId));
    app.decorate('rememberSession', (session: LoadedSession) => {
      sessions?.set(session.user.id, session);
    });

    // Tokens whose signature has been checked, by their exact header text, until they expire (at most a
    // minute): a signed-in screen sends the same token with every read, and hashing and decoding it each
    // time was the largest cost of a cached read. The text is the key, so a token that differs in any
    // character is verified afresh. The version is kept beside the user id so that the cached path
    // compares it with the cached session's without reading anything.
    type VerifiedToken = { sub: string; ver: number };
    const verifiedTokens = new LRUCache<string, VerifiedToken>({ max: 10_000, ttl: 60_000 });
    const verifyToken = async (request: FastifyRequest, header: string): Promise<VerifiedToken> => {
      let payload: { sub: string; ver?: unknown; exp?: unknown; iat?: unknown };
      try {
        payload = await request.jwtVerify<{ sub: string; ver?: unknown; exp?: unknown; iat?: unknown }>();
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        throw code.includes('EXPIRED')
          ? unauthenticated('SESSION_EXPIRED', SESSION_EXPIRED)
          : unauthenticated('UNAUTHENTICATED', SESSION_INVALID);
      }
      if (typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub)) {
        throw unauthenticated('UNAUTHENTICATED', SESSION_INVALID);
      }
      // Every token this server signs expires; one that never would, or one issued in the future (a
      // leaked secret's work, or a clock far off), is not one of ours.
      const now = Date.now();
      if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) {
        throw unauthenticated('UNAUTHENTICATED', SESSION_INVALID);
      }
      if (
        payload.iat !== undefined &&
        (typeof payload.iat !== 'number' || payload.iat * 1000 > now + CLOCK_SKEW_S * 1000)
      ) {
        throw unauthenticated('UNAUTHENTICATED', SESSION_INVALID);
      }
      // A token signed before session versions existed carries none: it is of version 0, the first.
      const ver = payload.ver ?? 0;
      if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) {
        throw unauthenticated('UNAUTHENTICATED', SESSION_INVALID);
      }
      const verified = { sub: payload.sub, ver };
      const left = payload.exp * 1000 - now;
      if (left > 0) verifiedTokens.set(header, verified, { ttl: Math.min(60_000, left) });
      return verified;
    };

    const BEARER = /^Bearer\s+\S+/i;
    // The caller from the two caches alone: a token verified before, its user read since the last write,
    // and the token's version the one read. Most requests of a signed-in screen end here, without a
    // promise or a database read.
    const fromCache = (request: FastifyRequest, header: string): boolean => {
      const token = verifiedTokens.get(header);
      if (token === undefined) return false;
      const known = sessions?.get(token.sub);
      if (known === undefined || known.sessionVersion !== token.ver) return false;
      request.session = known.user;
      request.tokenVersion = token.ver;
      return true;
    };
    const resolveCaller = async (request: FastifyRequest, header: string | undefined) => {
      if (!header || !BEARER.test(header)) throw unauthenticated();
      const token = verifiedTokens.get(header) ?? (await verifyToken(request, header));
      // Permissions and the session version come from the database, never from the token.
      let current = await loadCaller(token.sub);
      // Tokens are signed at the version current then: a newer one than this replica holds was signed
      // after a change it has not heard of yet, so the user is read afresh rather than the token refused.
      if (current && current.sessionVersion < token.ver) current = await loadCaller(token.sub, true);
      if (!current) throw unauthenticated('ACCOUNT_REMOVED', AUTH_MESSAGES.accountRemoved);
      // A password change or "sign out everywhere" since the token was signed ended its session.
      if (current.sessionVersion !== token.ver) {
        throw unauthenticated('SESSION_EXPIRED', AUTH_MESSAGES.sessionEnded);
      }
      request.session = current.user;
      request.tokenVersion = token.ver;
    };

    // A machine client's key (docs/domain.md "API keys"): one statement finds the live key, counts this
    // minute's requests and notes its use; then the route must be one the key's scopes open. The session
    // is never cached: a revoked key is refused on its very next request.
    const ratePerMinute = opts.config.env.API_KEY_RATE_PER_MINUTE;
    const resolveKey = async (request: FastifyRequest, key: string) => {
      const found = await resolveApiKey(app.db, hashApiKey(key));
      if (!found) throw unauthenticated('API_KEY_INVALID', API_KEY_MESSAGES.invalid);
      if (found.requests > ratePerMinute) {
        throw new AppError('API_KEY_RATE_LIMITED', API_KEY_MESSAGES.rateLimited(ratePerMinute), {
          retryAfterSeconds: Math.max(1, found.secondsLeft),
        });
      }
      const needed = scopeForRoute(request.method, request.routeOptions.url);
      if (needed === undefined) throw forbidden('API_KEY_NOT_ALLOWED', API_KEY_MESSAGES.notAllowed);
      if (!found.scopes.includes(needed))
        throw forbidden('API_KEY_SCOPE_MISSING', API_KEY_MESSAGES.scopeMissing(needed));
      request.apiKey = { id: found.id, name: found.name, scopes: found.scopes };
      // The key acts as the Admin who created it, with only the permissions its scopes need: the
      // routes' own guards and every organisation scope in SQL then apply to it as to a person.
      request.session = {
        id: found.userId,
        email: found.userEmail,
        name: found.userName,
        userType: found.orgKind,
        orgId: found.orgId,
        organizationName: found.organizationName,
        organizationActive: found.organizationActive,
        orgRole: null,
        roles: [],
        phoneNumber: null,
        permissions: permissionsForScopes(found.scopes),
      };
    };
    const apiKeyOf = (header: string | undefined): string | null => {
      const token = header && BEARER.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : '';
      return token !== '' && isApiKey(token) ? token : null;
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
      const key = request.session ? null : apiKeyOf(header);
      if (key !== null) return resolveKey(request, key);
      if (request.session || (header && BEARER.test(header) && fromCache(request, header))) {
        done?.();
        return undefined;
      }
      return resolveCaller(request, header);
    };
    app.decorate('authenticate', authenticate);

    app.decorate('guard', (rule: GuardRule | readonly GuardRule[], options: GuardOptions = {}) => {
      // Several rules let one route serve different callers (a customer, or a supplier's credit staff).
      const rules = ([] as GuardRule[]).concat(rule).map((r) => ({
        types: r.userType === undefined ? undefined : ([] as UserType[]).concat(r.userType),
        permission: r.permission,
      }));
      const wrongType = options.wrongType ?? 'You do not have permission to view that area.';
      const noOrganisation = options.organisation === true ? NO_PERMISSION : options.organisation;
      const check = (request: FastifyRequest) => {
        const user = caller(request);
        const ofType = rules.filter((r) => !r.types || r.types.includes(user.userType));
        if (ofType.length === 0) throw forbidden('FORBIDDEN', wrongType);
        if (!ofType.some((r) => hasPermission(user.permissions, r.permission)))
          throw forbidden('FORBIDDEN', NO_PERMISSION);
        if (noOrganisation !== undefined && !user.orgId) throw forbidden('FORBIDDEN', noOrganisation);
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
