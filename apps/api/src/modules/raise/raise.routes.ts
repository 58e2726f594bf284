import { appModeBody, dataOf, dashboardQuery, institutionDashboard, RAISE_MODE_REFUSED, tenantMember } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { errorResponses, idParams, tenantParams } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { RAISE_MODE_NOTE } from '../institutions/index.ts';
import * as raise from './raise.service.ts';

const signedIn: Access = 'signed-in';
const dashboardParams = tenantParams.extend(idParams('institution').shape);
const gp =
  "The tenant's owners and platform admins on any institution of the tenant; members with the institution:manage flag on the institutions whose team they are on (any other is 404).";

export async function raiseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/user/:id/tenant-member/mode',
    {
      schema: {
        operationId: 'updateAppMode',
        tags: ['User'],
        summary: 'Switch between Invest and Raise mode',
        description: `Stores the mode (\`investor\` for Invest, \`institution\` for Raise) and the picked institution on the caller's membership of this tenant, and answers with the membership. \`institution\` left out keeps the current pick (dropped if it is no longer yours), null clears it; a picked institution must be one you may work on, otherwise 404. Only your own membership: any other user id is 404.`,
        params: idParams('user'),
        body: appModeBody,
        response: { 200: dataOf(tenantMember).describe("The caller's membership of this tenant"), ...errorResponses(400, 401, 403, 404) },
      },
      config: {
        access: signedIn,
        accessNote: `Raise (\`institution\`) and picking an institution need the institution:manage flag (owners and platform admins pass): without it the answer is 403 '${RAISE_MODE_REFUSED}' and nothing changes. Anyone may switch to Invest.`,
      },
    },
    async (request) => ({ data: await raise.setAppMode(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.get(
    '/tenant/:t/institutions/:id/dashboard',
    {
      schema: {
        operationId: 'getInstitutionDashboard',
        tags: ['Tenant institution'],
        summary: "An institution's dashboard",
        description: `For the window from \`start\` to \`end\` (ISO date-times) in buckets of \`scale\` (hour, day or month, in UTC; at most 1100 buckets): the institution's offers (total, published, visible on the marketplace), its leads (created per bucket and in the window, all of them per account status) and the analytics of its offer and institution pages from the hourly/daily/monthly rollups — impressions, unique visitors (tracking ids), page views, document views and downloads and CTA clicks — as one point per bucket, empty buckets included, with the window's totals (visitors counted once across buckets). \`{t}\` is the id or slug of the tenant of the address; any other is 404. ${gp}`,
        params: dashboardParams,
        querystring: dashboardQuery,
        response: {
          200: dataOf(institutionDashboard).describe("The institution's dashboard for the window"),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: { access: signedIn, accessNote: RAISE_MODE_NOTE, tenantParam: 't' },
    },
    async (request) => ({ data: await raise.getInstitutionDashboard(app.db, requireAuth(request), request.params.id, request.query) }),
  );
}
