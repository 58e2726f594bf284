import type { OpenApiDocument } from './openapi.ts';

/** A slice of the server's document, in the shapes it really uses (anyOf null, type arrays, $ref, schema names as descriptions). */
export const DOC: OpenApiDocument = {
  tags: [{ name: 'API keys', description: 'Keys' }, { name: 'Empty' }],
  components: { schemas: { Contact: { type: 'object', properties: { phone: { type: 'string', maxLength: 20 } }, required: ['phone'] } } },
  paths: {
    '/tenant/{id}/api-key/pvt': {
      post: {
        tags: ['API keys'],
        summary: 'Generate a private API key',
        description: 'Shown once.\n\n**Access:** Tenant roles: owner (and platform admins).',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                anyOf: [
                  {
                    type: 'object',
                    properties: { label: { anyOf: [{ type: 'string', maxLength: 80 }, { type: 'null' }] } },
                    required: ['label'],
                  },
                  { type: 'null' },
                ],
              },
            },
          },
        },
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['data'],
                  properties: {
                    data: {
                      type: 'object',
                      description: 'ApiKeyCreated',
                      required: ['kind', 'key'],
                      properties: {
                        kind: { type: 'string', enum: ['private', 'public'] },
                        key: { type: 'string', description: 'The whole key; shown once, never stored' },
                        lastUsedAt: { type: ['string', 'null'] },
                        contact: { $ref: '#/components/schemas/Contact' },
                        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 5 },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/health': { get: { summary: 'Health' } },
  },
};
