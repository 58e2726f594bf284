import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const API_TAGS = [
  { name: 'Auth', description: 'Sign-in, sign-up, password reset, invitations and sessions' },
  { name: 'User', description: "The signed-in user's account and activity" },
  { name: 'Tenant', description: 'Tenants: public view and administration' },
  { name: 'API keys', description: "A tenant's public and private API keys (owners only)" },
  { name: 'Individual profile', description: "The caller's individual profiles: details, contact, image, IDs and accounts" },
  { name: 'Financial account', description: "The caller's financial accounts (numbers always masked)" },
  { name: 'Legal entity profile', description: "The caller's legal entity profiles: details, contact, image, ownership stakeholders" },
  { name: 'Business', description: "The caller's businesses and their owners (EIN always masked)" },
  { name: 'Application', description: "Accreditation applications (the applicant, the tenant's owners, platform admins)" },
  { name: 'Document', description: 'Uploaded documents, their text, history and access grants' },
  { name: 'Image', description: 'Uploaded images' },
  { name: 'Government photo ID', description: "The caller's government photo IDs (numbers encrypted, masked)" },
  { name: 'Analytics', description: 'Usage events' },
  {
    name: 'Platform admin',
    description: 'Tenants, users, role assignments, applications, offers and the platform timeline (platform admins only)',
  },
  { name: 'Health', description: 'Liveness and readiness' },
  { name: 'Tenant member', description: "A tenant's members (admin) and the caller's own membership" },
  { name: 'Tenant member group', description: "A tenant's member groups" },
  { name: 'Dev mailbox', description: 'Local outbox for development (absent in production)' },
];

/** OpenAPI 3.1 generated from the route schemas, at /api/v1/openapi.json, with a reference at /api/v1/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Tessera API',
          version: '1.0.0',
          description:
            'The Tessera platform API. Every call is answered for the tenant of the address it is sent to. Success bodies are `{ data }` (lists add `meta: { page, limit, total }`); failures are `{ error: { type, name, message, status } }`.',
        },
        servers: [{ url: '/api/v1' }],
        tags: API_TAGS,
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        // Open routes need no token; the rest use the bearer scheme declared for the whole document.
        const isPublic = input.route?.config?.access === 'public';
        // Paths are documented relative to the /api/v1 server.
        return { schema: isPublic ? { ...out.schema, security: [] } : out.schema, url: out.url.replace(/^\/api\/v1/, '') };
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/v1/docs',
      staticCSP: false,
      uiConfig: { deepLinking: true, tryItOutEnabled: true },
    });
    app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
