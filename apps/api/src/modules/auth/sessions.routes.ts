import { dataOf, listOf, pageQuery, sessionIdParams, sessionInfo, sessionsRevokeResult, signoutResult } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { errorResponses, noContent } from '../../lib/route-schema.ts';
import * as sessions from './sessions.service.ts';

const tags = ['Auth'];
const signedIn: Access = 'signed-in';

/** The caller's server-side sessions (issue #21): sign out, list them, end one or all the others. */
export async function sessionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: sessions.SessionsDeps = { db: app.db, clock: app.clock, realtime: app.realtime };

  r.post(
    '/auth/signout',
    {
      schema: {
        tags,
        operationId: 'signOut',
        summary: 'Sign out',
        description:
          "Ends the caller's session: its token and refresh token are refused from now on, on every API node, and its browsers on the real-time socket are told.",
        response: { 200: dataOf(signoutResult).describe('The session ended'), ...errorResponses(401, 403) },
      },
      config: { access: signedIn },
    },
    async (request) => {
      await sessions.signOut(deps, requireAuth(request));
      return { data: { signedOut: true as const } };
    },
  );

  r.get(
    '/auth/sessions',
    {
      schema: {
        tags,
        operationId: 'listSessions',
        summary: 'List your sessions',
        description:
          "The caller's sessions on this organization that have not ended, the most recently used first: device, address, sign-in and last use; `current` marks the one of this call.",
        querystring: pageQuery,
        response: { 200: listOf(sessionInfo).describe('A page of your active sessions'), ...errorResponses(400, 401, 403) },
      },
      config: { access: signedIn },
    },
    async (request) => sessions.listSessions(deps, requireAuth(request), request.query),
  );

  r.delete(
    '/auth/sessions/:sessionId',
    {
      schema: {
        tags,
        operationId: 'endSession',
        summary: 'End a session',
        description:
          "Ends one of the caller's sessions on this organization (signs that browser out). Anyone else's session, or one that already ended, is 404.",
        params: sessionIdParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request, reply) => {
      await sessions.endSession(deps, requireAuth(request), request.params.sessionId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/auth/sessions/revoke-others',
    {
      schema: {
        tags,
        operationId: 'endOtherSessions',
        summary: 'End your other sessions',
        description: 'Ends every session of the caller on this organization except the one of this call.',
        response: { 200: dataOf(sessionsRevokeResult).describe('How many sessions ended'), ...errorResponses(401, 403) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await sessions.endOtherSessions(deps, requireAuth(request)) }),
  );
}
