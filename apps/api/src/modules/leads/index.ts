// The public face of the leads module, owner of `tenant_leads`, `tenant_lead_notes` and `tenant_lead_documents`: how
// other modules find the lead a caller may see.
export { findLead, requireLead, type LeadAccess } from './lead-access.ts';
