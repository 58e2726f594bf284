/** Whose webhooks: the tenant's own, or those of one of its institutions. */
export interface WebhookOwner {
  tenantId: string;
  institutionId?: string;
}

/** tenant/{t}/webhooks or tenant/{t}/institutions/{id}/webhooks. */
export function webhooksPath({ tenantId, institutionId }: WebhookOwner): string {
  const tenant = `/tenant/${encodeURIComponent(tenantId)}`;
  return `${institutionId ? `${tenant}/institutions/${encodeURIComponent(institutionId)}` : tenant}/webhooks`;
}

export const endpointPath = (owner: WebhookOwner, endpointId: string) => `${webhooksPath(owner)}/${encodeURIComponent(endpointId)}`;

/** Every query of an owner's webhooks hangs off this key, so one invalidation refreshes them all. */
export const webhooksKey = ({ tenantId, institutionId }: WebhookOwner) => ['webhooks', tenantId, institutionId ?? null] as const;
