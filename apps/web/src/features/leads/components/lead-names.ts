import type { TenantLead } from '@tessera/domain';

/** The lead list, and one lead's page (its Activity tab). */
export const LEADS_PATH = '/institution/leads';
export const leadDetailPath = (id: string) => `${LEADS_PATH}/${encodeURIComponent(id)}`;

/** A lead's full name: first, middle and last. */
export const leadName = (lead: Pick<TenantLead, 'firstname' | 'middlename' | 'lastname'>) =>
  [lead.firstname, lead.middlename, lead.lastname]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
