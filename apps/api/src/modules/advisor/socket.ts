import { ADVISOR_EVENTS } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import { ask, type AdvisorDeps } from './advisor.service.ts';

/**
 * The advisor's side of the real-time socket (001 §7): a signed-in client emits ADVISOR_EVENTS.chat and hears the
 * answer in its user's room. The realtime plugin checks the socket's session again before each question
 * (`onClientEvent`), so a socket whose session ended cannot go on asking.
 */
export function registerAdvisorSocket(app: FastifyInstance, deps: AdvisorDeps): void {
  app.onClientEvent(ADVISOR_EVENTS.chat, (caller, tenant, payload) => ask(deps, caller, { id: tenant.id, name: tenant.name }, payload));
}
