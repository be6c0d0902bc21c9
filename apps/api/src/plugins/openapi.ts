import type { FastifyInstance } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A zod schema documenting a body the route reads itself (multipart forms). */
    openapiBody?: z.ZodType;
  }
}

type Json = Record<string, unknown>;
type Document = Json & {
  paths?: Record<string, Record<string, Json>>;
  components?: Json & { schemas?: Record<string, Json> };
};

const ERROR_REF = '#/components/schemas/Error';

const BEARER = [{ bearerAuth: [] }];

/**
 * What each error status means, for every operation alike. 500 is left out: it is a bug, never an
 * answer to plan for.
 */
const ERRORS = {
  400: 'The request is malformed or a field is invalid (`fieldErrors` names them).',
  401: 'No valid session token or API key.',
  403: "The caller's role, permissions or API key scopes do not allow this.",
  404: 'Nothing with that id is visible to the caller.',
  409: 'The request conflicts with the current state; `code` says how.',
  413: 'The request body is too large.',
  415: 'The request body is not of a content type this operation reads.',
  429: 'Too many requests; wait `retryAfterSeconds` (also the Retry-After header).',
  503: 'The service is briefly unavailable (database restarting, or the request took too long); retry after Retry-After.',
} as const;
type ErrorStatus = keyof typeof ERRORS;

const errorAnswer = (status: ErrorStatus) => ({
  description: ERRORS[status],
  content: { 'application/json': { schema: { $ref: ERROR_REF } } },
});

/**
 * A stable operationId from the method and path, for client generators: GET /api/inventory/page is
 * getInventoryPage, DELETE /api/org/api-keys/:id deleteOrgApiKeysById, GET /api/inventory.csv
 * getInventoryCsv. A route may set `schema.operationId` itself.
 */
function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') || segment.startsWith('{')
        ? ['by', ...segment.replace(/[:{}]/g, '').split(/[^A-Za-z0-9]+/)]
        : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * The errors an operation can answer without declaring them, from what it takes and whether it is
 * secured, so every route (and every route added later) documents them alike.
 */
function impliedStatuses(url: string, schema: Json, secured: boolean): ErrorStatus[] {
  const hasPath = /[:*]/.test(url);
  const hasBody = schema.body !== undefined;
  const takesInput = hasPath || hasBody || schema.querystring !== undefined || schema.headers !== undefined;
  const statuses: ErrorStatus[] = [];
  if (takesInput) statuses.push(400);
  // Every secured operation: refused without a caller, refused for a caller without the right (API keys
  // have scopes), and rate limited per API key.
  if (secured) statuses.push(401, 403);
  if (hasPath) statuses.push(404);
  if (hasBody) statuses.push(413, 415);
  if (secured) statuses.push(429);
  statuses.push(503);
  return statuses;
}

/**
 * A standalone JSON schema with its `$defs` written in place (a form schema with an id is all one
 * `$ref`), as a request body in the document cannot point into a `$defs` of its own.
 */
function inlineDefs(root: Json): Json {
  const { $defs = {}, $schema: _drop, ...rest } = root as Json & { $defs?: Record<string, Json> };
  const inline = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => inline(n, depth));
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...others } = node as Json;
    const name = typeof $ref === 'string' && $ref.startsWith('#/$defs/') ? $ref.slice(8) : undefined;
    const base = name && $defs[name] && depth < 20 ? (inline($defs[name], depth + 1) as Json) : undefined;
    const own = Object.fromEntries(
      Object.entries(base ? others : node).map(([k, v]) => [k, inline(v, depth)]),
    );
    return base ? { ...base, ...own } : own;
  };
  return inline(rest, 0) as Json;
}

/**
 * Makes each route's operation complete in one place, so routes written later are documented alike:
 * an operationId, bearer security unless the route says `security: []` (public), and the error answers
 * it can give that it did not declare (the shared Error component, never a copy).
 */
const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input) as { schema: Json & { hide?: boolean }; url: string };
  if (out.schema?.hide) return out;
  const documented = input.route.config?.openapiBody;
  const schema: Json = { ...out.schema };
  if (documented) {
    schema.body = inlineDefs(
      z.toJSONSchema(documented, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json,
    );
  }
  const method = ([] as string[]).concat(input.route.method).find((m) => m !== 'HEAD') ?? 'GET';
  schema.operationId ??= operationIdFor(method, input.url);
  schema.security ??= BEARER;
  const secured = (schema.security as unknown[]).length > 0;
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of impliedStatuses(input.url, schema, secured)) response[status] ??= errorAnswer(status);
  // A declared error (errorResponses) is the bare Error reference: give it the status's meaning.
  for (const [status, answer] of Object.entries(response)) {
    const bare = JSON.stringify(answer) === JSON.stringify({ $ref: ERROR_REF });
    if (bare && status in ERRORS) response[status] = errorAnswer(Number(status) as ErrorStatus);
  }
  schema.response = response;
  return { schema, url: out.url };
};

/** What each tag groups, for the document's tag list (a tag used without an entry here fails the lint test). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  activity: "The organisation's activity log: who did what, when, with which key",
  admin: 'Platform administration: organisations, their review and the market',
  analytics: "A customer's buying figures",
  'api-keys': "An organisation's API keys for integrations: create, list, revoke",
  auth: 'Sign-in, registration, password and the session',
  cart: "A customer's cart and checkout",
  catalogue: 'Products and their prices',
  compliance: 'Licences, product classes, controlled drugs and their register',
  credit: 'Credit applications and lines between customers and suppliers',
  events: "The organisation's changes, live",
  health: 'Liveness and readiness probes',
  inventory: "A supplier's stock lots, their import and sync, and demand forecasts",
  invoices: 'Invoices and payments',
  marketplace: 'Suppliers and their offers, as customers see them',
  notifications: "A user's notifications and preferences",
  orders: 'Orders from draft to delivery',
  payments:
    'Mobile money payments of invoices through Paystack, their receipts, and credit held with suppliers',
  recalls: 'Product recalls and their acknowledgement',
  returns: 'Returns of delivered packs, their inspection, credit notes and the destruction register',
  rfqs: 'Requests for quotation: sealed quotes, their side-by-side comparison, and awards drafted into orders',
  staff: "An organisation's users and roles",
  suppliers: "A supplier's own settings",
};

/** The components the paths reach, through $refs at any depth; the rest are unused copies. */
function reachableComponents(document: Document): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const seen = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!seen.has(name)) {
          seen.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  return seen;
}

/**
 * The document as generators read it: the components the paths use, only (zod registers an input and
 * an output twin of each; most are never referenced), and the tags the operations use, declared.
 */
function finish(document: Document): Document {
  const used = reachableComponents(document);
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {})
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const tags = new Set<string>();
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(operations))
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
  return {
    ...document,
    tags: [...tags]
      .sort()
      .map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    components: { ...document.components, schemas },
  };
}

/** OpenAPI at /api/docs, generated from the zod schemas the routes validate with. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(fastifySwagger, {
      openapi: {
        // 3.1: a nullable reference is `anyOf: [$ref, {type: 'null'}]`, which 3.0 cannot say validly.
        openapi: '3.1.0',
        info: {
          title: 'Aduro API',
          description:
            'B2B procurement for pharmacies and medicine suppliers in Ghana. Amounts are Ghana cedis (GH₵). ' +
            'Errors answer the Error shape: { message, code, kind, fieldErrors? }.',
          version: '1.0.0',
          contact: { name: 'Aduro', url: 'https://aduro.example' },
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // Relative: the document works behind whichever host serves it.
        servers: [{ url: '/', description: 'The server this document was read from' }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A session token from POST /api/auth/login, or an API key: `Authorization: Bearer <token or key>`.',
            },
          },
        },
      },
      transform,
      transformObject: (input) => finish(jsonSchemaTransformObject(input) as Document) as never,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  },
  { name: 'openapi' },
);
