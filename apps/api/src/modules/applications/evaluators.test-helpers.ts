import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { evaluatorRequests } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { hashEvaluatorToken } from './evaluators.service.ts';

/**
 * A pending evaluator link on an application, written straight to the table (the suites that walk every route need
 * one on the application their factory made, whatever screen it is on): answers the request's id and the token.
 */
export async function insertEvaluatorLink(
  app: FastifyInstance,
  values: { tenantId: string; applicationId: string; createdBy: string },
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = newId();
  await app.db.insert(evaluatorRequests).values({
    ...values,
    id,
    questionId: 'individual-income-eval-request',
    firstname: 'Carla',
    lastname: 'Reyes',
    email: 'carla.reyes@example.com',
    tokenHash: hashEvaluatorToken(token),
    expiresAt: new Date(app.clock.now().getTime() + 7 * 24 * 60 * 60 * 1000),
  });
  return { id, token };
}
