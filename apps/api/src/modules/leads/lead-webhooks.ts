import type { TenantLeadRow } from '../../db/schema/index.ts';
import type { WebhookEventInput } from '../webhooks/index.ts';

/**
 * The lead.created webhook event (issue #23) of a lead just inserted: what WEBHOOK_EVENTS['lead.created'].sample shows
 * (ids, name, e-mail, origin, time) and nothing more; the institution's endpoints hear it beside the tenant's.
 */
export function leadCreatedEvent(
  row: Pick<TenantLeadRow, 'tenantId' | 'id' | 'institutionId' | 'firstname' | 'lastname' | 'email' | 'origin'> & { createdAt?: Date },
): WebhookEventInput {
  const at = row.createdAt ?? new Date();
  return {
    tenantId: row.tenantId,
    institutionId: row.institutionId,
    type: 'lead.created',
    at,
    data: {
      lead: {
        _id: row.id,
        institution: row.institutionId,
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        origin: row.origin,
        createdAt: at.toISOString(),
      },
    },
  };
}
