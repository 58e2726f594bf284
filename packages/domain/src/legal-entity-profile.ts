import { z } from 'zod';
import { contact } from './contact.ts';
import { identityVerificationStatus } from './enums.ts';
import { countryCode, US_STATES } from './geo.ts';
import { gics } from './gics.ts';
import { pageQuery } from './http.ts';
import { objectId } from './ids.ts';
import { EMPTY_TEXT_PATTERN, httpUrl, isEmptyValue, orEmpty } from './validation.ts';

/** §3 legal entity types, in the order the spec lists them. */
export const legalEntityType = z.enum(
  [
    'sole-proprietorship',
    'general-partnership',
    'unincorporated-non-profit',
    'lp',
    'llp',
    'lllp',
    'llc',
    'pllc',
    'l3c',
    'c-corporation',
    's-corporation',
    'public-benefit-corporation',
    'professional-corporation',
    'non-profit-corporation',
    'foreign-corporation',
    'cooperative',
    'revocable-trust',
    'irrevocable-trust',
    'private-foundation',
    'public-charity',
    'federally-chartered-institution',
    'endowment',
    'employee-benefit-plan',
    'keogh-plan',
    'money-purchase-plan',
    'pension-fund',
    'other',
  ],
  { error: 'Choose a legal entity type from the list' },
);
export type LegalEntityType = z.infer<typeof legalEntityType>;

export const legalEntityTypeLabels: Record<LegalEntityType, string> = {
  'sole-proprietorship': 'Sole Proprietorship',
  'general-partnership': 'General Partnership',
  'unincorporated-non-profit': 'Unincorporated Non-Profit',
  lp: 'Limited Partnership (LP)',
  llp: 'Limited Liability Partnership (LLP)',
  lllp: 'Limited Liability Limited Partnership (LLLP)',
  llc: 'Limited Liability Company (LLC)',
  pllc: 'Professional Limited Liability Company (PLLC)',
  l3c: 'Low-Profit Limited Liability Company (L3C)',
  'c-corporation': 'C Corporation',
  's-corporation': 'S Corporation',
  'public-benefit-corporation': 'Public Benefit Corporation',
  'professional-corporation': 'Professional Corporation',
  'non-profit-corporation': 'Non-Profit Corporation',
  'foreign-corporation': 'Foreign Corporation',
  cooperative: 'Cooperative',
  'revocable-trust': 'Revocable Trust',
  'irrevocable-trust': 'Irrevocable Trust',
  'private-foundation': 'Private Foundation',
  'public-charity': 'Public Charity',
  'federally-chartered-institution': 'Federally Chartered Institution',
  endowment: 'Endowment',
  'employee-benefit-plan': 'Employee Benefit Plan',
  'keogh-plan': 'Keogh Plan',
  'money-purchase-plan': 'Money Purchase Plan',
  'pension-fund': 'Pension Fund',
  other: 'Other',
};

/** §3: a fiduciary manages the entity's affairs; a beneficial owner receives distributions. */
export const stakeholderType = z.enum(['beneficial-owner', 'fiduciary'], { error: 'Choose a stakeholder type' });
export type StakeholderType = z.infer<typeof stakeholderType>;
export const stakeholderTypeLabels: Record<StakeholderType, string> = { 'beneficial-owner': 'Beneficial Owner', fiduciary: 'Fiduciary' };

export const fiduciaryRole = z.enum(['trustee', 'executor', 'administrator', 'other'], { error: 'Choose a fiduciary role' });
export type FiduciaryRole = z.infer<typeof fiduciaryRole>;
export const fiduciaryRoleLabels: Record<FiduciaryRole, string> = {
  trustee: 'Trustee',
  executor: 'Executor',
  administrator: 'Administrator',
  other: 'Other',
};

/** §9: equity percent max 100; the beneficial owners of one entity together hold at most 100%. */
export const EQUITY_MAX = 100;
export const EQUITY_TOTAL_ERROR = 'The equity of all beneficial owners together cannot exceed 100%';

/** Text that may be left empty: '-', '- -' and blanks are stored as null (§5). */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (isEmptyValue(v) ? null : v!.trim()));

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const website = orEmpty(httpUrl().max(2000, 'Website must be at most 2000 characters'));

/** The state of organisation must be a US state when the country is the United States. */
export function stateOfOrganizationError(country: string | null | undefined, state: string | null | undefined): string | null {
  if (!state) return null;
  if (!country) return 'Choose the country of organization before the state';
  if (country === 'US' && !US_STATES.some((s) => s.code === state)) return 'Choose a US state from the list';
  return null;
}

export const stakeholder = z
  .object({
    _id: objectId,
    individualProfile: objectId,
    /** The individual's name, for lists and toasts ('Updated {name}'). */
    name: z.string(),
    stakeholderType,
    title: z.string().nullable(),
    equity: z.number().nullable(),
    fiduciaryRole: fiduciaryRole.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Stakeholder');
export type Stakeholder = z.infer<typeof stakeholder>;

/**
 * §5: a beneficial owner needs an individual profile, a title and equity above 0 (at most 100);
 * a fiduciary needs an individual profile and a fiduciary role. Fields that do not apply to the type are dropped.
 */
export const stakeholderBody = z
  .object({
    individualProfile: objectId.nullish(),
    stakeholderType,
    title: optionalText('Title', 200).optional(),
    equity: z.number({ error: 'Equity must be a number' }).nullish(),
    fiduciaryRole: fiduciaryRole.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.individualProfile) ctx.addIssue({ code: 'custom', path: ['individualProfile'], message: 'Choose an individual profile' });
    if (v.stakeholderType === 'beneficial-owner') {
      if (!v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'Title is required' });
      if (v.equity === null || v.equity === undefined || !(v.equity > 0)) {
        ctx.addIssue({ code: 'custom', path: ['equity'], message: 'Equity must be above 0%' });
      } else if (v.equity > EQUITY_MAX) {
        ctx.addIssue({ code: 'custom', path: ['equity'], message: `Equity must be at most ${EQUITY_MAX}%` });
      }
    } else if (!v.fiduciaryRole) {
      ctx.addIssue({ code: 'custom', path: ['fiduciaryRole'], message: 'Choose a fiduciary role' });
    }
  })
  // The rules above, published: what each stakeholder type requires.
  .meta({
    allOf: [
      { required: ['individualProfile'], properties: { individualProfile: { type: 'string' } } },
      {
        if: { properties: { stakeholderType: { const: 'beneficial-owner' } } },
        then: {
          required: ['title', 'equity'],
          properties: {
            title: { type: 'string', not: { pattern: EMPTY_TEXT_PATTERN.source } },
            equity: { type: 'number', exclusiveMinimum: 0, maximum: EQUITY_MAX },
          },
        },
        else: { required: ['fiduciaryRole'], properties: { fiduciaryRole: { type: 'string' } } },
      },
    ],
  })
  .transform((v) =>
    v.stakeholderType === 'beneficial-owner'
      ? {
          individualProfile: v.individualProfile!,
          stakeholderType: v.stakeholderType,
          title: v.title ?? null,
          equity: Math.round(v.equity! * 100) / 100,
          fiduciaryRole: null,
        }
      : {
          individualProfile: v.individualProfile!,
          stakeholderType: v.stakeholderType,
          title: v.title ?? null,
          equity: null,
          fiduciaryRole: v.fiduciaryRole!,
        },
  )
  .describe('StakeholderBody');
export type StakeholderBody = z.input<typeof stakeholderBody>;
export type StakeholderInput = z.output<typeof stakeholderBody>;

/** Total equity of the beneficial owners in a list (fiduciaries hold none). */
export function beneficialEquityTotal(stakeholders: readonly { stakeholderType: StakeholderType; equity: number | null }[]): number {
  const total = stakeholders.reduce((sum, s) => sum + (s.stakeholderType === 'beneficial-owner' ? (s.equity ?? 0) : 0), 0);
  return Math.round(total * 100) / 100;
}

export const legalEntityProfile = z
  .object({
    _id: objectId,
    name: z.string(),
    displayname: z.string().nullable(),
    website: z.string().nullable(),
    /** The id of the entity's image (fetch it from legal-entity-profile/{id}/media/{image}). */
    image: objectId.nullable(),
    legalEntityType,
    parentLegalEntity: objectId.nullable(),
    gics,
    contact,
    ownership: z.object({ stakeholders: z.array(stakeholder) }),
    natureOfBusiness: z.string().nullable(),
    countryOfOrganization: z.string().nullable(),
    stateOfOrganization: z.string().nullable(),
    financialAccounts: z.array(objectId),
    verificationStatus: identityVerificationStatus,
    owner: objectId,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('LegalEntityProfile');
export type LegalEntityProfile = z.infer<typeof legalEntityProfile>;

export const legalEntityProfileQuery = pageQuery.extend({
  owner: objectId.optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type LegalEntityProfileQuery = z.infer<typeof legalEntityProfileQuery>;

export const legalEntityProfileCreateBody = z
  .object({
    owner: objectId.optional(),
    parentLegalEntity: objectId.nullish(),
    name: requiredText('Name', 200),
    legalEntityType,
    acceptDisclosures: z.literal(true, { error: 'You must agree to the terms and conditions' }),
  })
  .describe('LegalEntityProfileCreateBody');
export type LegalEntityProfileCreateBody = z.input<typeof legalEntityProfileCreateBody>;
export type LegalEntityProfileCreateInput = z.output<typeof legalEntityProfileCreateBody>;

const organisationFields = {
  natureOfBusiness: optionalText('Nature of business', 2000).optional(),
  countryOfOrganization: countryCode.nullish(),
  stateOfOrganization: optionalText('State of organization', 100).optional().meta({
    description:
      "Needs a country of organization (the body's or the stored one); in the US a USPS state code (NY, CA…). Elsewhere free text.",
  }),
};

/** §7 details (parent, name, display name, website, GICS, type) plus where and what the entity does. Absent fields stay as they are. */
export const legalEntityProfileDetailsBody = z
  .object({
    parentLegalEntity: objectId.nullish(),
    name: requiredText('Name', 200).optional(),
    displayname: optionalText('Display name', 200).optional(),
    website: website.optional(),
    gics: gics.optional(),
    legalEntityType: legalEntityType.optional(),
    ...organisationFields,
  })
  .describe('LegalEntityProfileDetailsBody');
export type LegalEntityProfileDetailsBody = z.input<typeof legalEntityProfileDetailsBody>;
export type LegalEntityProfileDetails = z.output<typeof legalEntityProfileDetailsBody>;

export const legalEntityProfileLegalBody = z.object(organisationFields).describe('LegalEntityProfileLegalBody');
export type LegalEntityProfileLegalBody = z.input<typeof legalEntityProfileLegalBody>;

export const legalEntityProfileContactBody = z.object({ contact }).describe('LegalEntityProfileContactBody');
export type LegalEntityProfileContactBody = z.input<typeof legalEntityProfileContactBody>;

/** Transfer: owners may only name themselves; platform admins may hand a profile to another member. */
export const legalEntityProfileOwnerBody = z.object({ owner: objectId }).describe('LegalEntityProfileOwnerBody');

export const legalEntityProfileFinancialAccountsBody = z
  .object({ financialAccounts: z.array(objectId).max(100, 'At most 100 financial accounts') })
  .describe('LegalEntityProfileFinancialAccountsBody');

/** Set by platform admins once the provider has checked the entity. */
export const legalEntityProfileVerificationBody = z
  .object({ verificationStatus: identityVerificationStatus })
  .describe('LegalEntityProfileVerificationBody');

export const legalEntityAssociation = z
  .object({
    relation: z.enum(['parent', 'child', 'stakeholder']),
    entityType: z.enum(['legal-entity-profile', 'individual-profile']),
    entity: objectId,
    name: z.string(),
  })
  .describe('LegalEntityAssociation');
export type LegalEntityAssociation = z.infer<typeof legalEntityAssociation>;
