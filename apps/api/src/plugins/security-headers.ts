import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner add small <style> elements at run time; scripts stay strictly same-origin.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The app runs on plain http on a developer's machine; HSTS belongs to the TLS terminator.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets for OPTIONS, worked out once by running its middleware on a stand-in answer. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown = null;
  helmet(OPTIONS)({ headers: {} } as IncomingMessage, res, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * helmet's headers (a strict CSP, nosniff, frame and referrer rules) on every answer, HTML and API
 * alike. Our options hold no per-request values (no nonces), so the headers are computed once at start
 * rather than by helmet on each request, where re-building the CSP cost a tenth of a busy read's time.
 */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    const headers = securityHeaders();
    app.addHook('onRequest', async (_request, reply) => {
      void reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
