import { z } from 'zod';
import { objectId } from './ids.ts';
import { financialGoal } from './onboarding-state.ts';

/**
 * The investment workflow's steps (001 §2 investment workflow screen, §3 investment step data): each step's key, its
 * name and what the person is asked, and the zod schema of the data that completes it. The server validates a step's
 * data with the same schema the step's form uses, then checks what a schema cannot know (the offer's class limits, the
 * caller's own profiles and accounts, an approved accreditation) in the workflows module.
 */
export const investmentStepKey = z.enum([
  'diligence',
  'contribution',
  'investor-type',
  'ownership',
  'profiles',
  'representations',
  'purpose',
  'communication',
  'qualification',
  'financial-account',
  'distribution',
  'esignature',
  'summary',
]);
export type InvestmentStepKey = z.infer<typeof investmentStepKey>;
export const INVESTMENT_STEP_KEYS = investmentStepKey.options;

/** 001 §3 investor type. */
export const investorType = z.enum(['individual', 'legal-entity'], { error: 'Choose how you invest' });
export type InvestorType = z.infer<typeof investorType>;
export const investorTypeLabels: Record<InvestorType, string> = { individual: 'Individual', 'legal-entity': 'Legal entity' };

/** 000 §3 ownership types for an individual investment. */
export const individualOwnershipType = z.enum(
  [
    'individual',
    'tenants-in-common',
    'joint-tenants-by-the-entirety',
    'joint-tenants-in-common',
    'joint-tenants-in-the-entirety',
    'grantor-trust',
    'ira',
  ],
  { error: 'Choose an ownership type' },
);
export type IndividualOwnershipType = z.infer<typeof individualOwnershipType>;
export const individualOwnershipTypeLabels: Record<IndividualOwnershipType, string> = {
  individual: 'Individual',
  'tenants-in-common': 'Tenants in common',
  'joint-tenants-by-the-entirety': 'Joint tenants by the entirety',
  'joint-tenants-in-common': 'Joint tenants in common',
  'joint-tenants-in-the-entirety': 'Joint tenants in the entirety',
  'grantor-trust': 'Grantor trust',
  ira: 'Individual retirement account (IRA)',
};

/** 000 §3 retirement account types, asked when the ownership is an IRA. */
export const retirementAccountType = z.enum(
  ['solo-401k', 'joint-401k', 'ira', 'roth-ira', 'traditional-ira', 'simple-ira', 'sep-ira', 'other'],
  { error: 'Choose a retirement account type' },
);
export type RetirementAccountType = z.infer<typeof retirementAccountType>;
export const retirementAccountTypeLabels: Record<RetirementAccountType, string> = {
  'solo-401k': 'Solo 401(k)',
  'joint-401k': 'Joint 401(k)',
  ira: 'IRA',
  'roth-ira': 'Roth IRA',
  'traditional-ira': 'Traditional IRA',
  'simple-ira': 'SIMPLE IRA',
  'sep-ira': 'SEP IRA',
  other: 'Other',
};

/** 000 §3 entity roles: how a legal entity holds the investment. */
export const legalEntityOwnershipType = z.enum(['beneficial-owner', 'fiduciary'], { error: 'Choose how the entity holds the investment' });
export type LegalEntityOwnershipType = z.infer<typeof legalEntityOwnershipType>;
export const legalEntityOwnershipTypeLabels: Record<LegalEntityOwnershipType, string> = {
  'beneficial-owner': 'Beneficial owner',
  fiduciary: 'Fiduciary',
};

/** How many individual profiles an ownership type takes: one person, or two to four co-owners. */
export function ownersAllowed(type: IndividualOwnershipType): { min: number; max: number } {
  return ['individual', 'ira', 'grantor-trust'].includes(type) ? { min: 1, max: 1 } : { min: 2, max: 4 };
}

export const diligenceData = z.object({
  viewedDocuments: z.array(objectId).max(200).default([]),
  downloadedDocuments: z.array(objectId).max(200).default([]),
  diligenceConfirm: z.literal(true, { error: 'Confirm that you have reviewed the offering documents' }),
});

export const contributionData = z.object({
  unitClass: z.string({ error: 'Choose a class' }).trim().min(1, 'Choose a class').max(64),
  unitQuantity: z.number().int('Whole units').min(1, 'At least one unit').max(1e9).nullable().default(null),
  amount: z.number({ error: 'Enter an amount' }).positive('Enter an amount').max(1e13),
});

export const investorTypeData = z.object({ investorType });

export const ownershipData = z
  .object({
    individualOwnershipType: individualOwnershipType.nullable().default(null),
    individualRetirementAccountType: retirementAccountType.nullable().default(null),
    legalEntityOwnershipType: legalEntityOwnershipType.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.individualOwnershipType === 'ira' && !v.individualRetirementAccountType)
      ctx.addIssue({ code: 'custom', path: ['individualRetirementAccountType'], message: 'Choose a retirement account type' });
    if (!v.individualOwnershipType && !v.legalEntityOwnershipType)
      ctx.addIssue({ code: 'custom', path: ['individualOwnershipType'], message: 'Choose an ownership type' });
  });

export const profilesData = z.object({
  individualProfiles: z.array(objectId).max(4).default([]),
  legalEntityProfile: objectId.nullable().default(null),
});

/** The statements an investor confirms (Regulation D subscription representations). */
export const representationKey = z.enum(['riskOfLoss', 'illiquidity', 'noAdvice', 'ownAccount', 'accurateInformation']);
export type RepresentationKey = z.infer<typeof representationKey>;
export const representationTexts: Record<RepresentationKey, string> = {
  riskOfLoss: 'I understand that this investment is speculative and that I could lose all of the money I invest.',
  illiquidity:
    'I understand that the securities are not registered, cannot be freely resold, and that I may have to hold them indefinitely.',
  noAdvice: 'I have not relied on the sponsor or the platform for investment, tax or legal advice.',
  ownAccount: 'I am investing for my own account (or the entity named), not with a view to resale or distribution.',
  accurateInformation: 'The information I have given is true and complete, and I will say if it changes before closing.',
};
const confirmed = z.literal(true, { error: 'Confirm this statement to continue' });
export const representationsData = z.object({
  riskOfLoss: confirmed,
  illiquidity: confirmed,
  noAdvice: confirmed,
  ownAccount: confirmed,
  accurateInformation: confirmed,
});

export const sourceOfFunds = z.enum(['savings', 'income', 'sale-of-assets', 'inheritance', 'retirement', 'business', 'other'], {
  error: 'Choose where the money comes from',
});
export type SourceOfFunds = z.infer<typeof sourceOfFunds>;
export const sourceOfFundsLabels: Record<SourceOfFunds, string> = {
  savings: 'Savings',
  income: 'Income from employment',
  'sale-of-assets': 'Sale of assets',
  inheritance: 'Inheritance or gift',
  retirement: 'Retirement funds',
  business: 'Business proceeds',
  other: 'Other',
};
export const purposeData = z
  .object({
    investmentGoals: z.array(financialGoal).min(1, 'Choose at least one goal').max(5),
    sourceOfFunds,
    otherSource: z.string().trim().max(200).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.sourceOfFunds === 'other' && !v.otherSource)
      ctx.addIssue({ code: 'custom', path: ['otherSource'], message: 'Say where the money comes from' });
  });

export const statementDelivery = z.enum(['electronic', 'mail'], { error: 'Choose how to receive statements' });
export type StatementDelivery = z.infer<typeof statementDelivery>;
export const statementDeliveryLabels: Record<StatementDelivery, string> = {
  electronic: 'Electronic (e-mail and the investor portal)',
  mail: 'Paper, by mail',
};
export const communicationData = z.object({
  emailUpdates: z.boolean().default(true),
  smsUpdates: z.boolean().default(false),
  statementDelivery,
  /** Consent to receive tax documents (K-1s) electronically. */
  electronicTaxDocuments: z.boolean().default(true),
});

/** How the investor qualifies: a verified accreditation (required for 506(c)), or a self-certification elsewhere. */
export const qualificationBasis = z.enum(['verified-accreditation', 'self-certified'], { error: 'Choose how you qualify' });
export type QualificationBasis = z.infer<typeof qualificationBasis>;
export const qualificationBasisLabels: Record<QualificationBasis, string> = {
  'verified-accreditation': 'Verified accreditation',
  'self-certified': 'Self-certified accredited investor',
};
export const qualificationData = z.object({
  basis: qualificationBasis,
  /** The approved accreditation application, required for a verified accreditation (the server checks it is approved and unexpired). */
  accreditationApplicationId: objectId.nullable().default(null),
  selfCertified: z.boolean().default(false),
});

export const financialAccountData = z.object({ financialAccountId: objectId });

export const distributionMethod = z.enum(['ach', 'wire', 'check', 'reinvest'], { error: 'Choose a distribution method' });
export type DistributionMethod = z.infer<typeof distributionMethod>;
export const distributionMethodLabels: Record<DistributionMethod, string> = {
  ach: 'ACH bank transfer',
  wire: 'Wire transfer',
  check: 'Check by mail',
  reinvest: 'Reinvest distributions',
};
export const distributionData = z
  .object({ method: distributionMethod, financialAccountId: objectId.nullable().default(null) })
  .superRefine((v, ctx) => {
    if ((v.method === 'ach' || v.method === 'wire') && !v.financialAccountId)
      ctx.addIssue({ code: 'custom', path: ['financialAccountId'], message: 'Choose the account to receive distributions' });
  });

/** Written by the server when the subscription is signed; a client cannot complete this step with data of its own. */
export const esignatureData = z.object({
  envelopeId: objectId,
  signedDocumentId: objectId,
  certificateDocumentId: objectId,
  signedAt: z.string(),
});

export const summaryData = z.object({ submitted: z.literal(true, { error: 'Submit your subscription' }) });

/** The data that completes each step; `esignature` is completed only by signing. */
export const investmentStepData = {
  diligence: diligenceData,
  contribution: contributionData,
  'investor-type': investorTypeData,
  ownership: ownershipData,
  profiles: profilesData,
  representations: representationsData,
  purpose: purposeData,
  communication: communicationData,
  qualification: qualificationData,
  'financial-account': financialAccountData,
  distribution: distributionData,
  esignature: esignatureData,
  summary: summaryData,
} as const satisfies Record<InvestmentStepKey, z.ZodType>;
export type InvestmentStepData = { [K in InvestmentStepKey]: z.output<(typeof investmentStepData)[K]> };

/** What a profile still lacks before it can invest (000 §1: contact, government photo ID, financial account, then verified). */
export type ProfileGap = 'contact' | 'government-id' | 'financial-account' | 'verification';
export const profileGapLabels: Record<ProfileGap, string> = {
  contact: 'Contact information (an e-mail and an address)',
  'government-id': 'A government photo ID',
  'financial-account': 'A financial account',
  verification: 'Identity verification',
};
export function individualProfileGaps(p: {
  contact: { emails: readonly unknown[]; addresses: readonly unknown[] };
  govPhotoIds: readonly unknown[];
  financialAccounts: readonly unknown[];
  verificationStatus?: string | undefined;
}): ProfileGap[] {
  const gaps: ProfileGap[] = [];
  if (p.contact.emails.length === 0 || p.contact.addresses.length === 0) gaps.push('contact');
  if (p.govPhotoIds.length === 0) gaps.push('government-id');
  if (p.financialAccounts.length === 0) gaps.push('financial-account');
  if (p.verificationStatus !== 'approved') gaps.push('verification');
  return gaps;
}
