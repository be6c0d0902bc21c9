import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the camera's barcode reader (zxing-wasm, served from our origin) compile
      // its WebAssembly where the browser lacks BarcodeDetector; it allows no JavaScript eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Radix and sonner add small <style> elements at run time; scripts stay strictly same-origin.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The service worker (/sw.js, the app shell for offline) and the install manifest, both ours.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
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
 * What an API answer carries: JSON (or a licence file) is never a document the browser renders with
 * scripts, so the OWASP REST set is enough: nothing may load or frame it, nosniff keeps a JSON body from
 * being read as a script, and no referrer leaks. It is a fifth of the bytes of the document set, on every
 * one of the busiest answers.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** The API's paths; its documentation pages (/api/docs) are documents and get helmet's full set. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * helmet's headers (a strict CSP, nosniff, frame and referrer rules) on the web app and the API docs,
 * and the short API set on the API's answers. Our options hold no per-request values (no nonces), so
 * both sets are computed once at start rather than by helmet on each request, where re-building the CSP
 * cost a tenth of a busy read's time.
 */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    const documentHeaders = securityHeaders();
    // A callback hook, not an async one: it runs on every request, and a promise per request shows.
    app.addHook('onRequest', (request, reply, done) => {
      void reply.headers(isApiAnswer(request.url) ? API_SECURITY_HEADERS : documentHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
