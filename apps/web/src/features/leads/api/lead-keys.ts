/**
 * Where a tenant's leads live and how their queries are keyed. Every lead query starts with `leadsKey(tenantId)`
 * (`['tenant-leads', tenantId]`, as offers use `['tenant-offers', tenantId]`): the list and its stats under 'list' and
 * 'stats', one lead under 'one', its notes, events, workflows, documents and accreditation under their own word then
 * the lead's id. One invalidation of the prefix refreshes the list, its charts and the detail page.
 */
export const leadsPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/leads`;
export const leadPath = (tenantId: string, id: string) => `${leadsPath(tenantId)}/${encodeURIComponent(id)}`;
export const leadsKey = (tenantId: string) => ['tenant-leads', tenantId] as const;
/** The keys of one lead's parts: `part` is 'one', 'notes', 'events', 'workflows', 'documents' or 'accreditation'. */
export const leadPartKey = (tenantId: string, part: LeadPart, id: string) => [...leadsKey(tenantId), part, id] as const;
export type LeadPart = 'one' | 'notes' | 'events' | 'workflows' | 'documents' | 'accreditation';
