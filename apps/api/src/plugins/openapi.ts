import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
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

/** OpenAPI at /api/docs, generated from the zod schemas the routes validate with. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Aduro API',
          description:
            'B2B procurement for pharmacies and medicine suppliers in Ghana. Amounts are Ghana cedis (GH₵). ' +
            'Errors answer { message, fieldErrors? }.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        const documented = input.route.config?.openapiBody;
        if (documented) {
          const body = z.toJSONSchema(documented, {
            io: 'input',
            unrepresentable: 'any',
            target: 'openapi-3.0',
          });
          return { ...out, schema: { ...out.schema, body } };
        }
        return out;
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  },
  { name: 'openapi' },
);
