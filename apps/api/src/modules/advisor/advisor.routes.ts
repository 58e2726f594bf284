import {
  advisorMessageListQuery,
  advisorThread,
  advisorThreadListQuery,
  advisorThreadParams,
  chatItem,
  dataOf,
  listOf,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { errorResponses, noContent } from '../../lib/route-schema.ts';
import * as advisor from './advisor.service.ts';
import { isPersonalAdviceRequest, retrieve } from './knowledge/index.ts';
import type { AdvisorModel } from './model.ts';
import { createAdvisorModel } from './models.ts';
import { registerAdvisorSocket } from './socket.ts';

const tags = ['AI Advisor'];
const signedIn: Access = 'signed-in';

/** What app.ts may replace (tests pass a fake model, retrieval or advice check). */
export interface AdvisorOptions {
  model?: AdvisorModel;
  retrieve?: advisor.Retrieve;
  isPersonalAdviceRequest?: (question: string) => boolean;
  typingIntervalMs?: number;
}

/**
 * The AI advisor (issue #24): the chat on the real-time socket (socket.ts) and the caller's threads over HTTP. People
 * only: an API key has no user to chat as (the routes do not declare `apiKeys`).
 */
export async function advisorRoutes(app: FastifyInstance, opts: AdvisorOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = app.config.advisor;
  const deps: advisor.AdvisorDeps = {
    db: app.db,
    clock: app.clock,
    log: app.log,
    model: opts.model ?? createAdvisorModel(config),
    retrieve: opts.retrieve ?? retrieve,
    isPersonalAdviceRequest: opts.isPersonalAdviceRequest ?? isPersonalAdviceRequest,
    limiter: new AttemptLimiter('advisor-user', config.messagesPerMinute, 60_000, app.attemptStore, app.clock),
    realtime: app.realtime,
    timeoutMs: config.timeoutMs,
    queue: advisor.createThreadQueue(),
    ...(opts.typingIntervalMs !== undefined ? { typingIntervalMs: opts.typingIntervalMs } : {}),
  };
  registerAdvisorSocket(app, deps);

  r.get(
    '/aiadvisor/threads',
    {
      schema: {
        tags,
        operationId: 'listAdvisorThreads',
        summary: 'List your advisor chats',
        description:
          "The caller's AI Advisor chats on this organization, the most recently used first. Questions are asked on the real-time socket (`aiadvisor:chat`), not here.",
        querystring: advisorThreadListQuery,
        response: { 200: listOf(advisorThread).describe('A page of your chats'), ...errorResponses(400, 401, 403) },
      },
      config: { access: signedIn },
    },
    async (request) => advisor.listThreads(deps, requireAuth(request), request.query),
  );

  r.get(
    '/aiadvisor/threads/:threadId',
    {
      schema: {
        tags,
        operationId: 'getAdvisorThread',
        summary: 'Get an advisor chat',
        description: "One of the caller's AI Advisor chats. Anyone else's chat is 404.",
        params: advisorThreadParams,
        response: { 200: dataOf(advisorThread).describe('The chat'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await advisor.getThread(deps, requireAuth(request), request.params.threadId) }),
  );

  r.get(
    '/aiadvisor/threads/:threadId/messages',
    {
      schema: {
        tags,
        operationId: 'listAdvisorMessages',
        summary: "List an advisor chat's messages",
        description:
          "The latest `limit` items of one of the caller's chats, oldest first; with `before` (the oldest item shown), the `limit` items just before it, for loading older items on scroll. Anyone else's chat is 404.",
        params: advisorThreadParams,
        querystring: advisorMessageListQuery,
        response: { 200: listOf(chatItem).describe('A page of the chat, oldest first'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => advisor.listMessages(deps, requireAuth(request), request.params.threadId, request.query),
  );

  r.delete(
    '/aiadvisor/threads/:threadId',
    {
      schema: {
        tags,
        operationId: 'deleteAdvisorThread',
        summary: 'Delete an advisor chat',
        description: "Deletes one of the caller's AI Advisor chats and its messages. Anyone else's chat is 404.",
        params: advisorThreadParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request, reply) => {
      await advisor.deleteThread(deps, requireAuth(request), request.params.threadId);
      return reply.status(204).send(null);
    },
  );
}
