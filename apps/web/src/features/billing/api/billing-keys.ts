/** Where an institution's billing lives: tenant/{t}/institutions/{id}/billing (issue #23 route table). */
export const billingPath = (tenantId: string, institutionId: string) =>
  `/tenant/${encodeURIComponent(tenantId)}/institutions/${encodeURIComponent(institutionId)}/billing`;

/** Every billing query of one institution starts with this key: a change refreshes plan, invoices and cards at once. */
export const billingKey = (tenantId: string, institutionId: string) => ['billing', tenantId, institutionId] as const;
