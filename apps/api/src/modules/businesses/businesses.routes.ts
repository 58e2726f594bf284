import {
  business,
  businessCreateBody,
  businessOwner,
  businessOwnerCreateBody,
  businessOwnerUpdateBody,
  businessUpdateBody,
  dataOf,
  deletedResult,
  listOf,
  objectId,
  pageQuery,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import * as service from './businesses.service.ts';

const tags = ['Business'];
const access: Access = 'signed-in';
const params = z.object({ id: objectId });
const ownerParams = z.object({ id: objectId, ownerId: objectId });
const businessResponse = { 200: dataOf(business), ...errorResponses(400, 401, 403, 404) };
const ownerResponse = { 200: dataOf(businessOwner), ...errorResponses(400, 401, 403, 404, 409) };
const deletedResponse = { 200: dataOf(deletedResult), ...errorResponses(400, 401, 403, 404) };
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
        summary: "The caller's businesses",
        description: describe('Newest first, with their owners; the EIN masked.', access),
        querystring: pageQuery,
        response: { 200: listOf(business), ...errorResponses(400, 401, 403) },
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
        summary: 'Create a business',
        description: describe(
          'Name, DBA, net worth, revenue, EIN (00-0000000), business type, line 1, city, state and zip are required; website, email, phone, parent (one of your businesses), line 2 and country (default US) optional. The EIN is stored encrypted and only ever returned masked.',
          access,
        ),
        body: businessCreateBody,
        response: businessResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.createBusiness(deps(), requireAuth(request), request.body) }),
  );

  r.get(
    '/business/:id',
    {
      schema: {
        tags,
        summary: 'Get a business',
        description: describe(`${creatorOnly} Platform admins may read any business of their tenant.`, access),
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
        summary: 'Update a business',
        description: describe(
          `${creatorOnly} Absent fields stay as they are; required fields cannot be emptied; the EIN changes only when sent.`,
          access,
        ),
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
        summary: 'Delete a business',
        description: describe(`${creatorOnly} Its owners go with it; businesses under it lose their parent.`, access),
        params,
        response: deletedResponse,
      },
      config: { access },
    },
    async (request) => {
      await service.deleteBusiness(deps(), requireAuth(request), request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  r.post(
    '/business/:id/owner',
    {
      schema: {
        tags,
        summary: 'Add a business owner',
        description: describe(
          `${creatorOnly} Email, first and last name, title and equity are required; address optional (country default US). ${equityRule} The owner is linked to a member's account when the email matches one.`,
          access,
        ),
        params,
        body: businessOwnerCreateBody,
        response: ownerResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.addOwner(deps(), requireAuth(request), request.params.id, request.body) }),
  );

  r.put(
    '/business/:id/owner/:ownerId',
    {
      schema: {
        tags,
        summary: 'Update a business owner',
        description: describe(`${creatorOnly} Title and equity. ${equityRule}`, access),
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
        summary: 'Remove a business owner',
        description: describe(creatorOnly, access),
        params: ownerParams,
        response: deletedResponse,
      },
      config: { access },
    },
    async (request) => {
      await service.removeOwner(deps(), requireAuth(request), request.params.id, request.params.ownerId);
      return { data: { deleted: true as const } };
    },
  );
}
