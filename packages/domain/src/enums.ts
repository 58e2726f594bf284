import { z } from 'zod';

/** Each enumeration is declared once; values, types and labels derive from it. */

export const userRole = z.enum(['user', 'admin', 'demo', 'institution-admin', 'evaluator']);
export type UserRole = z.infer<typeof userRole>;

export const tenantRole = z.enum(['owner', 'member', 'investor', 'invited', 'viewer', 'editor', 'evaluator']);
export type TenantRole = z.infer<typeof tenantRole>;

export const permission = z.enum(['institution:manage', 'investment:make', 'marketplace:view']);
export type Permission = z.infer<typeof permission>;

export const scopeKind = z.enum(['admin', 'tenant', 'institution', 'investor']);
export type ScopeKind = z.infer<typeof scopeKind>;

export const accountStatus = z.enum(['active', 'suspended', 'pending-activation']);
export type AccountStatus = z.infer<typeof accountStatus>;

export const signupStatus = z.enum(['partial', 'complete']);
export type SignupStatus = z.infer<typeof signupStatus>;

export const onboardingStatus = z.enum(['overview', 'checklist', 'demo', 'complete']);
export type OnboardingStatus = z.infer<typeof onboardingStatus>;

export const identityVerificationStatus = z.enum(['approved', 'rejected', 'started', 'not-started', 'submitted', 'error']);
export type IdentityVerificationStatus = z.infer<typeof identityVerificationStatus>;

export const identityVerificationStatusLabels: Record<IdentityVerificationStatus, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  started: 'Started',
  'not-started': 'Not started',
  submitted: 'Submitted',
  error: 'Error',
};

export const applicationStatus = z.enum(['approved', 'rejected', 'not-started', 'in-progress', 'submitted', 'error']);
export type ApplicationStatus = z.infer<typeof applicationStatus>;

export const membershipStatus = z.enum(['active', 'invited', 'invite-rejected', 'requested', 'request-denied', 'suspended']);
export type MembershipStatus = z.infer<typeof membershipStatus>;

export const membershipStatusLabels: Record<MembershipStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  'invite-rejected': 'Invite rejected',
  requested: 'Requested',
  'request-denied': 'Request denied',
  suspended: 'Suspended',
};

export const themeMode = z.enum(['light', 'dark']);
export type ThemeMode = z.infer<typeof themeMode>;

export const appType = z.enum(['platform', 'manage']);
export type AppType = z.infer<typeof appType>;

/** The manage app opens in tenant mode, the platform app in investor mode. */
export const appMode = z.enum(['investor', 'institution', 'tenant', 'admin']);
export type AppMode = z.infer<typeof appMode>;
export const defaultAppMode: Record<AppType, AppMode> = { manage: 'tenant', platform: 'investor' };

/** The fonts branding offers: each ships with the web app (an @fontsource package), so every choice loads. */
export const fontFamily = z.enum([
  'DM Sans',
  'Dosis',
  'IBM Plex Sans',
  'Inter',
  'Montserrat',
  'Noto Sans',
  'Nunito',
  'Open Sans',
  'Public Sans',
  'Quicksand',
  'Reddit Sans Condensed',
  'Roboto',
  'Roboto Mono',
]);
export type FontFamily = z.infer<typeof fontFamily>;

export const notificationCategory = z.enum(['investment-updates', 'account-management', 'product-updates', 'marketing']);
export type NotificationCategory = z.infer<typeof notificationCategory>;

export const timelineEntityType = z.enum([
  'document',
  'user',
  'institution',
  'lead',
  'pipeline',
  'pipeline-stage',
  'campaign',
  'integration',
  'offer',
  'legal-entity-profile',
  'individual-profile',
  'financial-account',
  'gov-photo-id',
  'tenant',
  'tenant-member',
  'tenant-offer',
  'tenant-member-group',
  'tenant-institution',
  'tenant-lead',
  'business',
  'identity-inquiry',
  'application',
  'workflow',
  /** A user's AI advisor chat (issue #24): its creation and deletion, on its owner's own timeline only. */
  'advisor-thread',
]);
export type TimelineEntityType = z.infer<typeof timelineEntityType>;

export const analyticsEventType = z.enum([
  'view',
  'impression',
  'offer-view',
  'institution-view',
  'document-view',
  'document-download',
  'cta',
  'signin',
  'signup',
  'signout',
  'token-refresh',
  'password-reset-request',
  'password-reset-confirm',
  'password-update',
  'invite-accept',
  'search',
  'click',
]);
export type AnalyticsEventType = z.infer<typeof analyticsEventType>;

export const accreditationStatusLabel: Record<ApplicationStatus, string> = {
  approved: 'Verified Accredited Investor',
  rejected: 'Not Accredited',
  'in-progress': 'Application In Review',
  submitted: 'Application In Review',
  error: 'Error – Please Retry',
  'not-started': 'Not Applied',
};
