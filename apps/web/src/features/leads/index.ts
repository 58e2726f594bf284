// The leads feature's public face: what the rest of the app may import from it (eslint.config.js, feature boundaries).
export { leadPath, leadsKey, leadsPath } from './api/lead-keys.ts';
export { useLeads } from './api/list-leads.ts';
export { useLeadStats } from './api/get-lead-stats.ts';
export { LeadAccountStatusDonut, LeadAccountStatusDot, leadAccountStatusColours } from './components/lead-account-status.tsx';
