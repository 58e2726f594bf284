// The public face of the leads module, owner of `tenant_leads`, `tenant_lead_notes` and `tenant_lead_documents`: how
// other modules find the lead a caller may see, the lead charts the institution dashboard shows, and the one way a
// marketplace act (a CTA click, a workflow started) makes or touches a lead.
export { findLead, requireLead, type LeadAccess } from './lead-access.ts';
export { recordMarketplaceLead, type MarketplaceAct, type MarketplaceLeadInput } from './lead-marketplace.ts';
export { leadName, leadStatsFor, presentLead } from './leads.service.ts';
