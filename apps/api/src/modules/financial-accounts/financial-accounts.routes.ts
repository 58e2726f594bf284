import {
  createFinancialAccountBody,
  dataOf,
  financialAccount,
  financialAccountQuery,
  listOf,
  updateFinancialAccountBody,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, idParams, noContent } from '../../lib/route-schema.ts';
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
const params = idParams('financial account');
const one = dataOf(financialAccount).describe('The financial account');
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
        operationId: 'listFinancialAccounts',
        summary: "The caller's financial accounts",
        description: 'Newest first, paginated; numbers masked to their last four characters.',
        querystring: financialAccountQuery,
        response: { 200: listOf(financialAccount).describe('A page of financial accounts'), ...errorResponses(400, 401, 403) },
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
        operationId: 'createFinancialAccount',
        summary: 'Add a financial account',
        description: 'The number is encrypted at rest and only ever returned masked.',
        body: createFinancialAccountBody,
        response: { 201: one, ...errorResponses(400, 401, 403) },
      },
      config: { access, stepUp: true },
    },
    async (request, reply) => {
      const account = await createFinancialAccount(deps(), requireAuth(request), request.body);
      return created(reply, `/financial-account/${account._id}`, account);
    },
  );

  r.get(
    '/financial-account/:id',
    {
      schema: {
        tags,
        operationId: 'getFinancialAccount',
        summary: 'Get a financial account',
        description: ownerOnly,
        params,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
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
        operationId: 'updateFinancialAccount',
        summary: 'Update a financial account',
        description: `${ownerOnly} The number changes only when sent.`,
        params,
        body: updateFinancialAccountBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access, stepUp: true },
    },
    async (request) => ({ data: await updateFinancialAccount(deps(), requireAuth(request), request.params.id, request.body) }),
  );

  r.delete(
    '/financial-account/:id',
    {
      schema: {
        tags,
        operationId: 'deleteFinancialAccount',
        summary: 'Delete a financial account',
        description: `${ownerOnly} The account is also taken off the owner's profiles.`,
        params,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access, stepUp: true },
    },
    async (request, reply) => {
      await deleteFinancialAccount(deps(), requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
