import {
  business,
  businessCreateBody,
  businessOwner,
  businessOwnerCreateBody,
  businessOwnerUpdateBody,
  businessUpdateBody,
  dataOf,
  listOf,
  objectId,
  pageQuery,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, idParams, noContent } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import * as service from './businesses.service.ts';

const tags = ['Business'];
const access: Access = 'signed-in';
const params = idParams('business');
const ownerParams = params.extend({ ownerId: objectId.describe("The business owner's id (24 hexadecimal characters)") });
const oneBusiness = dataOf(business).describe('The business');
const oneOwner = dataOf(businessOwner).describe('The business owner');
const businessResponse = { 200: oneBusiness, ...errorResponses(400, 401, 403, 404) };
const ownerResponse = { 200: oneOwner, ...errorResponses(400, 401, 403, 404, 409) };
const deletedResponse = { ...noContent, ...errorResponses(400, 401, 403, 404) };
const creatorOnly = "Only the business's creator; anyone else's business is not found.";
const equityRule = 'Equity is a percent above 0 and at most 100; the owners of one business together hold at most 100%.';

export async function businessesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, cipher: app.cipher });

  r.get(
    '/business',
    {
      schema: {
        tags,
        operationId: 'listBusinesses',
        summary: "The caller's businesses",
        description: 'Newest first, with their owners; the EIN masked.',
        querystring: pageQuery,
        response: { 200: listOf(business).describe('A page of businesses'), ...errorResponses(400, 401, 403) },
      },
      config: { access },
    },
    async (request) => service.listBusinesses(deps(), requireAuth(request), request.query),
  );

  r.post(
    '/business',
    {
      schema: {
        tags,
        operationId: 'createBusiness',
        summary: 'Create a business',
        description:
          'Name, DBA, net worth, revenue, EIN (00-0000000), business type, line 1, city, state and zip are required; website, email, phone, parent (one of your businesses), line 2 and country (default US) optional. The EIN is stored encrypted and only ever returned masked.',
        body: businessCreateBody,
        response: { 201: oneBusiness, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request, reply) => {
      const saved = await service.createBusiness(deps(), requireAuth(request), request.body);
      return created(reply, `/business/${saved._id}`, saved);
    },
  );

  r.get(
    '/business/:id',
    {
      schema: {
        tags,
        operationId: 'getBusiness',
        summary: 'Get a business',
        description: `${creatorOnly} Platform admins may read any business of their tenant.`,
        params,
        response: businessResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.getBusiness(deps(), requireAuth(request), request.params.id) }),
  );

  r.put(
    '/business/:id',
    {
      schema: {
        tags,
        operationId: 'updateBusiness',
        summary: 'Update a business',
        description: `${creatorOnly} Absent fields stay as they are; required fields cannot be emptied; the EIN changes only when sent.`,
        params,
        body: businessUpdateBody,
        response: businessResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.updateBusiness(deps(), requireAuth(request), request.params.id, request.body) }),
  );

  r.delete(
    '/business/:id',
    {
      schema: {
        tags,
        operationId: 'deleteBusiness',
        summary: 'Delete a business',
        description: `${creatorOnly} Its owners go with it; businesses under it lose their parent.`,
        params,
        response: deletedResponse,
      },
      config: { access },
    },
    async (request, reply) => {
      await service.deleteBusiness(deps(), requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/business/:id/owner',
    {
      schema: {
        tags,
        operationId: 'createBusinessOwner',
        summary: 'Add a business owner',
        description: `${creatorOnly} Email, first and last name, title and equity are required; address optional (country default US). ${equityRule} The owner is linked to a member's account when the email matches one.`,
        params,
        body: businessOwnerCreateBody,
        response: { 201: oneOwner, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access },
    },
    async (request, reply) => {
      const { id } = request.params;
      const owner = await service.addOwner(deps(), requireAuth(request), id, request.body);
      return created(reply, `/business/${id}/owner/${owner._id}`, owner);
    },
  );

  r.put(
    '/business/:id/owner/:ownerId',
    {
      schema: {
        tags,
        operationId: 'updateBusinessOwner',
        summary: 'Update a business owner',
        description: `${creatorOnly} Title and equity. ${equityRule}`,
        params: ownerParams,
        body: businessOwnerUpdateBody,
        response: ownerResponse,
      },
      config: { access },
    },
    async (request) => ({
      data: await service.updateOwner(deps(), requireAuth(request), request.params.id, request.params.ownerId, request.body),
    }),
  );

  r.delete(
    '/business/:id/owner/:ownerId',
    {
      schema: {
        tags,
        operationId: 'deleteBusinessOwner',
        summary: 'Remove a business owner',
        description: creatorOnly,
        params: ownerParams,
        response: deletedResponse,
      },
      config: { access },
    },
    async (request, reply) => {
      await service.removeOwner(deps(), requireAuth(request), request.params.id, request.params.ownerId);
      return reply.status(204).send(null);
    },
  );
}
