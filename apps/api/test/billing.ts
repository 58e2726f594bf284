import type { BillingInterval, PaidPlan } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import { grantPlan } from '../src/modules/billing/index.ts';

/**
 * Puts an institution on a paid plan (default pro, unlimited) straight in the database, with no invoice: for suites
 * whose institutions hold more offers or team seats than the trial allows (issue #23's plan limits).
 */
export async function givePlan(
  app: FastifyInstance,
  tenantId: string,
  institutionId: string,
  plan: PaidPlan = 'pro',
  interval: BillingInterval = 'year',
): Promise<void> {
  await grantPlan(app.db, { tenantId, institutionId }, plan, interval, app.clock.now());
}
