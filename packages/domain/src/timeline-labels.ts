import type { TimelineEntityType } from './enums.ts';

/** How each timeline entity type reads on screen (chips, filters). */
export const timelineEntityTypeLabels: Record<TimelineEntityType, string> = {
  document: 'Document',
  user: 'User',
  institution: 'Institution',
  lead: 'Lead',
  pipeline: 'Pipeline',
  'pipeline-stage': 'Pipeline Stage',
  campaign: 'Campaign',
  integration: 'Integration',
  offer: 'Offer',
  'legal-entity-profile': 'Legal Entity Profile',
  'individual-profile': 'Individual Profile',
  'financial-account': 'Financial Account',
  'gov-photo-id': 'Gov Photo ID',
  tenant: 'Tenant',
  'tenant-member': 'Tenant Member',
  'tenant-offer': 'Tenant Offer',
  'tenant-member-group': 'Tenant Member Group',
  'tenant-institution': 'Tenant Institution',
  'tenant-lead': 'Tenant Lead',
  business: 'Business',
  'identity-inquiry': 'Identity Inquiry',
  application: 'Application',
  workflow: 'Workflow',
  'advisor-thread': 'AI Advisor Chat',
};
