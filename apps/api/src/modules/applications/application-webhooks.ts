import type { ApplicationStatus } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';

/**
 * The application.status_changed webhook event (issue #23), raised in the transaction of every change of an
 * accreditation application's status (the wizard's moves, an evaluator's letter, a reviewer's decision): the tenant's
 * endpoints only, with what WEBHOOK_EVENTS['application.status_changed'].sample shows. Nothing when the status stays.
 */
export async function emitApplicationStatusChanged(
  tx: DbOrTx,
  application: { tenantId: string; id: string; userId: string },
  from: ApplicationStatus,
  to: ApplicationStatus,
  at: Date,
): Promise<void> {
  if (from === to) return;
  await emitWebhookEvent(tx, {
    tenantId: application.tenantId,
    institutionId: null,
    type: 'application.status_changed',
    at,
    data: {
      application: { _id: application.id, user: application.userId, status: { old: from, new: to }, changedAt: at.toISOString() },
    },
  });
}
