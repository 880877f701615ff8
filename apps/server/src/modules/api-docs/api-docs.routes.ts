import swagger, { type FastifyStaticSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../../openapi.ts';

/** The OpenAPI document at /ai/api/openapi.json and a browsable page at /ai/api/docs. */
export async function apiDocsRoutes(app: FastifyInstance) {
  const document = buildOpenApiDocument();
  // The plugin's types stop at OpenAPI 3.0; it serves a 3.1 document unchanged.
  const specification = { document } as unknown as FastifyStaticSwaggerOptions['specification'];
  await app.register(swagger, { mode: 'static', specification });
  // no validator badge: it would fetch an image from validator.swagger.io, outside the CSP
  await app.register(swaggerUi, { routePrefix: '/ai/api/docs', uiConfig: { validatorUrl: null } });
  app.get('/ai/api/openapi.json', async () => document);
}
