import {
  createFinancialAccountBody,
  dataOf,
  financialAccount,
  financialAccountQuery,
  listOf,
  objectId,
  updateFinancialAccountBody,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import {
  createFinancialAccount,
  deleteFinancialAccount,
  getFinancialAccount,
  listFinancialAccounts,
  updateFinancialAccount,
  type FinancialAccountDeps,
} from './financial-accounts.service.ts';

const tags = ['Financial account'];
const params = z.object({ id: objectId });
const access: Access = 'signed-in';
const ownerOnly = 'The owner only: anyone else gets 404.';

export async function financialAccountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): FinancialAccountDeps => ({ db: app.db, cipher: app.cipher });

  r.get(
    '/financial-account',
    {
      schema: {
        tags,
        summary: "The caller's financial accounts",
        description: describe('Newest first, paginated; numbers masked to their last four characters.', access),
        querystring: financialAccountQuery,
        response: { 200: listOf(financialAccount), ...errorResponses(400, 401, 403) },
      },
      config: { access },
    },
    async (request) => listFinancialAccounts(deps(), requireAuth(request), request.query),
  );

  r.post(
    '/financial-account',
    {
      schema: {
        tags,
        summary: 'Add a financial account',
        description: describe('The number is encrypted at rest and only ever returned masked.', access),
        body: createFinancialAccountBody,
        response: { 200: dataOf(financialAccount), ...errorResponses(400, 401, 403) },
      },
      config: { access },
    },
    async (request) => ({ data: await createFinancialAccount(deps(), requireAuth(request), request.body) }),
  );

  r.get(
    '/financial-account/:id',
    {
      schema: {
        tags,
        summary: 'Get a financial account',
        description: describe(ownerOnly, access),
        params,
        response: { 200: dataOf(financialAccount), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => ({ data: await getFinancialAccount(deps(), requireAuth(request), request.params.id) }),
  );

  r.put(
    '/financial-account/:id',
    {
      schema: {
        tags,
        summary: 'Update a financial account',
        description: describe(`${ownerOnly} The number changes only when sent.`, access),
        params,
        body: updateFinancialAccountBody,
        response: { 200: dataOf(financialAccount), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => ({ data: await updateFinancialAccount(deps(), requireAuth(request), request.params.id, request.body) }),
  );

  r.delete(
    '/financial-account/:id',
    {
      schema: {
        tags,
        summary: 'Delete a financial account',
        description: describe(`${ownerOnly} The account is also taken off the owner's profiles.`, access),
        params,
        response: { 200: dataOf(financialAccount), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => ({ data: await deleteFinancialAccount(deps(), requireAuth(request), request.params.id) }),
  );
}
