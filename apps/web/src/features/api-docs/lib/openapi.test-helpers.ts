import type { JsonSchema, OpenApiDocument } from './openapi.ts';

const objectId: JsonSchema = { type: 'string', pattern: '^[0-9a-f]{24}$' };
const envelope = { $ref: '#/components/schemas/ErrorEnvelope' };
const error = (status: number, type: string, message: string, description: string) => ({
  description,
  content: { 'application/json': { schema: envelope, example: { error: { type, name: type, message, status } } } },
});
const errors = {
  400: error(400, 'validation', 'body.name: Required', 'Bad request'),
  401: error(401, 'unauthenticated', 'Your session is not valid. Please sign in again.', 'Not signed in'),
  404: error(404, 'not-found', 'Not found', 'Not found, or not visible to the caller'),
};
const tenantParam = {
  in: 'path',
  name: 't',
  required: true,
  description: 'The tenant of the address, by id or slug',
  schema: { type: 'string' },
};

/**
 * A slice of the server's document in the shapes it really has: named components and `$ref` (nested, in arrays, in
 * anyOf/allOf, recursive), nullable as `type: [x, 'null']` and as anyOf, security per operation, a multipart upload, a
 * binary download, 201 with Location, 204, errors with an example per status, and schema examples.
 */
export const DOC: OpenApiDocument = {
  info: {
    title: 'Tessera API',
    summary: 'Raise capital, verify investors and invest.',
    description: 'Success bodies are `{ data }`.\n\n**Lists** take `page` and `limit`.',
  },
  servers: [
    { url: '/api/v1', description: 'This tenant' },
    {
      url: '{scheme}://{host}/api/v1',
      description: 'Tenants are addressed by host, never by a header.',
      variables: { scheme: { default: 'https' }, host: { default: 'demo.localhost:3000', description: "The tenant's host" } },
    },
  ],
  tags: [{ name: 'Offers', description: 'Offers' }, { name: 'Document' }, { name: 'Auth' }, { name: 'Empty' }],
  security: [{ bearer: [] }],
  components: {
    parameters: { DocumentId: { in: 'path', name: 'id', required: true, description: "The document's id", schema: objectId } },
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'It lasts 30 minutes; `POST /auth/token-refresh` renews it.',
      },
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: "A tenant's private API key." },
    },
    schemas: {
      ErrorEnvelope: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['type', 'message', 'status'],
            properties: { type: { type: 'string' }, message: { type: 'string' }, status: { type: 'integer' } },
          },
        },
      },
      PageMeta: {
        type: 'object',
        required: ['page', 'limit', 'total'],
        properties: {
          page: { type: 'integer', minimum: 1 },
          limit: { type: 'integer', minimum: 1, maximum: 100 },
          total: { type: 'integer' },
        },
      },
      Money: {
        type: 'object',
        required: ['amount'],
        properties: { amount: { type: 'number', minimum: 0 }, currency: { type: 'string', enum: ['USD', 'EUR'] } },
      },
      Offer: {
        type: 'object',
        description: 'An offer of an institution.',
        required: ['_id', 'name', 'status'],
        properties: {
          _id: objectId,
          name: { type: 'string', maxLength: 120, description: 'What investors see' },
          status: { type: 'string', enum: ['draft', 'published'] },
          minimum: { anyOf: [{ $ref: '#/components/schemas/Money' }, { type: 'null' }] },
          closesAt: { type: ['string', 'null'], format: 'date-time' },
          tags: { type: 'array', items: { type: 'string', enum: ['real-estate', 'credit'] }, maxItems: 5 },
          related: { type: 'array', items: { $ref: '#/components/schemas/Offer' } },
        },
        examples: [
          {
            _id: '6745a1c2e4b0a1b2c3d4e5f6',
            name: 'Harbor Lofts',
            status: 'published',
            minimum: { amount: 5000, currency: 'USD' },
            closesAt: null,
            tags: [],
            related: [],
          },
        ],
      },
      OfferCreate: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1, maxLength: 120 }, summary: { type: 'string' } },
        examples: [{ name: 'Harbor Lofts' }],
      },
      Comment: {
        allOf: [
          { $ref: '#/components/schemas/Authored' },
          {
            type: 'object',
            required: ['text'],
            properties: { text: { type: 'string' }, replies: { type: 'array', items: { $ref: '#/components/schemas/Comment' } } },
          },
        ],
      },
      Authored: { type: 'object', required: ['author'], properties: { author: objectId } },
    },
  },
  paths: {
    '/tenant/{t}/offers': {
      get: {
        operationId: 'listOffers',
        tags: ['Offers'],
        summary: "The tenant's offers",
        description: 'Newest first.\n\n**Access:** Tenant roles: owner.',
        security: [{ bearer: [] }, { apiKey: [] }],
        parameters: [
          tenantParam,
          { in: 'query', name: 'page', description: 'The page, from 1', schema: { type: 'integer', minimum: 1, default: 1 } },
          {
            in: 'query',
            name: 'status',
            description: 'Only offers in this status',
            schema: { type: 'string', enum: ['draft', 'published'] },
          },
        ],
        responses: {
          200: {
            description: 'A page of offers',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['data', 'meta'],
                  properties: {
                    data: { type: 'array', items: { $ref: '#/components/schemas/Offer' } },
                    meta: { $ref: '#/components/schemas/PageMeta' },
                  },
                },
              },
            },
          },
          ...errors,
          429: {
            ...error(429, 'rate-limited', 'Too many requests', 'Too many requests'),
            headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } },
          },
        },
      },
      post: {
        operationId: 'createOffer',
        tags: ['Offers'],
        summary: 'Create an offer',
        security: [{ bearer: [] }],
        parameters: [tenantParam],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/OfferCreate' } } } },
        responses: {
          201: {
            description: 'The new offer',
            headers: { Location: { description: 'The path of the new resource', schema: { type: 'string' } } },
            content: {
              'application/json': {
                schema: { type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/Offer' } } },
              },
            },
          },
          ...errors,
        },
      },
    },
    '/document': {
      post: {
        operationId: 'createDocument',
        tags: ['Document'],
        summary: 'Upload a document',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['name', 'file'],
                properties: {
                  name: { type: 'string', maxLength: 200, description: 'The document name' },
                  kind: { type: 'string', enum: ['statement', 'contract'] },
                  file: { type: 'string', format: 'binary', description: 'A PDF or image, at most 10 MB (413 beyond)' },
                },
              },
            },
          },
        },
        responses: {
          201: {
            description: 'The document',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: {
                      type: 'object',
                      properties: { _id: objectId, comments: { type: 'array', items: { $ref: '#/components/schemas/Comment' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/document/{id}/download': {
      get: {
        operationId: 'downloadDocument',
        tags: ['Document'],
        summary: 'Download a document',
        parameters: [{ in: 'path', name: 'id', required: true, description: "The document's id", schema: objectId }],
        responses: {
          200: {
            description: 'The file',
            content: {
              'application/pdf': { schema: { type: 'string', format: 'binary' } },
              'text/plain': { schema: { type: 'string', format: 'binary' } },
            },
          },
          404: errors[404],
        },
      },
    },
    '/document/{id}': {
      delete: {
        operationId: 'deleteDocument',
        tags: ['Document'],
        summary: 'Delete a document',
        parameters: [{ $ref: '#/components/parameters/DocumentId' }],
        responses: { 204: { description: 'Done: no content' }, 404: errors[404] },
      },
    },
    '/auth/signin': {
      post: {
        operationId: 'signIn',
        tags: ['Auth'],
        summary: 'Sign in',
        security: [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['email', 'password'],
                properties: { email: { type: 'string', maxLength: 254 }, password: { type: 'string', minLength: 1 }, tenantId: objectId },
              },
            },
          },
        },
        responses: {
          200: {
            description: 'The session',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: { type: 'object', properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } } },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/health': { get: { summary: 'Health', security: [] } },
  },
};
