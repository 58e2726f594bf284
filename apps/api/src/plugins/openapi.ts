import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { accessLine, finishDocument, SERVERS, securityOf, securitySchemes } from './openapi-document.ts';

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
  {
    name: 'AI Advisor',
    description:
      "The caller's AI Advisor chats. Questions are asked on the real-time socket (event `aiadvisor:chat`; answers stream back as `aiadvisor:start`, `aiadvisor:typing`, `aiadvisor:finished`, `aiadvisor:loading`, `aiadvisor:error`); these routes list, reload and delete the stored chats.",
  },
];

/**
 * OpenAPI 3.1 generated from the route schemas, at /api/v1/openapi.json, with a reference at /api/v1/docs. The domain's
 * named zod schemas (`.meta({ id })`) become components referenced by `$ref`; each operation's access line and
 * security come from its `config`, so the document says what the server enforces; finishDocument applies the
 * conventions every operation shares (openapi-document.ts).
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const sessionMinutes = Math.round(app.config.jwtTtlSeconds / 60);
    const sessionMaxHours = Math.round(app.config.sessionMaxSeconds / 3600);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Tessera API',
          version: '1.0.0',
          summary: 'Raise capital, verify investors and invest, for every tenant of a Tessera platform.',
          description: [
            'The Tessera platform API. Every call is answered for the tenant of the address it is sent to (see the servers).',
            'Success bodies are `{ data }`; lists add `meta: { page, limit, total }` and take `page` (from 1) and `limit` (1 to 100). A create answers 201 with the new resource and its path in `Location`; a delete answers 204. Failures are `{ error: { type, name, message, status } }`; unknown query parameters, a wrong method (405, with `Allow`) and an unsupported content type (415) are refused.',
            `**Getting a token:** \`POST /auth/signin\` with \`{ "email", "password" }\` answers \`data.token\`, a session token for this tenant; send it as \`Authorization: Bearer <token>\`. It lasts ${sessionMinutes} minutes; \`POST /auth/token-refresh\` with \`{ "refreshToken" }\` (from the same answer) answers a fresh one and the next refresh token, for up to ${sessionMaxHours} hours after sign-in; \`POST /auth/signout\` ends the session. Server-to-server calls use a private API key (\`tsk_live_…\`) of the tenant, on the operations that list the apiKey scheme, within its scopes; a public key (\`tpk_live_…\`) reads the public marketplace from a sponsor's site (the publicKey scheme).`,
          ].join('\n\n'),
          contact: { name: 'Tessera', url: 'https://github.com/tessera' },
          license: { name: 'Proprietary', identifier: 'LicenseRef-Tessera' },
        },
        servers: SERVERS,
        tags: API_TAGS,
        components: { securitySchemes: securitySchemes(sessionMinutes, sessionMaxHours) } as OpenAPIV3_1.ComponentsObject,
        security: [{ bearer: [] }],
      },
      transform: (input) => {
        const config = input.route?.config;
        // A multipart route documents its form as the body; the route itself has no body schema (the handler reads the parts).
        const schema = config?.multipartBody ? { ...input.schema, body: config.multipartBody } : input.schema;
        const out = jsonSchemaTransform({ ...input, schema });
        const documented = out.schema as Record<string, unknown> | undefined;
        if (documented && !documented.hide) {
          const method = [input.route?.method ?? 'GET'].flat().find((m) => m !== 'HEAD') ?? 'GET';
          const line = accessLine(config, method);
          documented.description = [documented.description, line].filter(Boolean).join('\n\n');
          documented.security = securityOf(config, method);
        }
        // Paths are documented relative to the /api/v1 server.
        return { schema: documented as never, url: out.url.replace(/^\/api\/v1/, '') };
      },
      transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as Record<string, unknown>) as never,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/v1/docs',
      staticCSP: false,
      uiConfig: { deepLinking: true, tryItOutEnabled: true, persistAuthorization: true },
    });
    app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
