/** Whose API keys: the tenant's own, or those of one of its institutions (002 §7). */
export interface ApiKeyOwner {
  tenantId: string;
  institutionId?: string;
}

/** The path the owner's key calls hang off: tenant/{id} or tenant/{t}/institutions/{id}. */
export function apiKeysBase({ tenantId, institutionId }: ApiKeyOwner): string {
  const tenant = `/tenant/${encodeURIComponent(tenantId)}`;
  return institutionId ? `${tenant}/institutions/${encodeURIComponent(institutionId)}` : tenant;
}

export function apiKeysKey({ tenantId, institutionId }: ApiKeyOwner) {
  return institutionId ? (['institution-api-keys', tenantId, institutionId] as const) : (['tenant-admin', tenantId, 'api-keys'] as const);
}
