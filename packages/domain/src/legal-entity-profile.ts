import { z } from 'zod';
import { contact } from './contact.ts';
import { identityVerificationStatus } from './enums.ts';
import { countryCode, US_STATES } from './geo.ts';
import { gics } from './gics.ts';
import { pageQuery, timestamp } from './http.ts';
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
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Stakeholder',
    description:
      'A person who owns part of a legal entity (beneficial owner, with title and equity) or manages it (fiduciary, with a role).',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f9',
        individualProfile: '6745a1c2e4b0a1b2c3d4e5f2',
        name: 'Jane Ann Doe',
        stakeholderType: 'beneficial-owner',
        title: 'Managing member',
        equity: 60,
        fiduciaryRole: null,
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ],
  });
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
      { required: ['individualProfile'], properties: { individualProfile: { type: 'string' } }, unevaluatedProperties: true },
      {
        if: { properties: { stakeholderType: { const: 'beneficial-owner' } } },
        then: {
          required: ['title', 'equity'],
          properties: {
            title: { type: 'string', not: { pattern: EMPTY_TEXT_PATTERN.source } },
            equity: { type: 'number', exclusiveMinimum: 0, maximum: EQUITY_MAX },
          },
          unevaluatedProperties: true,
        },
        else: { required: ['fiduciaryRole'], properties: { fiduciaryRole: { type: 'string' } }, unevaluatedProperties: true },
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
  .meta({
    id: 'StakeholderFields',
    description:
      'A stakeholder: always an individual profile of the entity owner and a type; a beneficial owner also needs a title and equity above 0 (at most 100), a fiduciary a fiduciary role. Fields that do not apply to the type are dropped.',
    examples: [
      { individualProfile: '6745a1c2e4b0a1b2c3d4e5f2', stakeholderType: 'beneficial-owner', title: 'Managing member', equity: 60 },
    ],
  });
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
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'LegalEntityProfile',
    description: 'A company, trust, fund or other legal entity a user invests through: its details, contact, stakeholders and accounts.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f8',
        name: 'Doe Family Holdings LLC',
        displayname: 'Doe Holdings',
        website: 'https://doeholdings.example.com',
        image: null,
        legalEntityType: 'llc',
        parentLegalEntity: null,
        gics: { sector: '60', industryGroup: '6010', industry: '601010', subIndustry: '60101010' },
        contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
        ownership: {
          stakeholders: [
            {
              _id: '6745a1c2e4b0a1b2c3d4e5f9',
              individualProfile: '6745a1c2e4b0a1b2c3d4e5f2',
              name: 'Jane Ann Doe',
              stakeholderType: 'beneficial-owner',
              title: 'Managing member',
              equity: 60,
              fiduciaryRole: null,
              createdAt: '2026-11-21T10:00:00.000Z',
              updatedAt: '2026-11-21T10:00:00.000Z',
            },
          ],
        },
        natureOfBusiness: 'Holds real estate investments for the Doe family',
        countryOfOrganization: 'US',
        stateOfOrganization: 'DE',
        financialAccounts: ['6745a1c2e4b0a1b2c3d4e5f5'],
        verificationStatus: 'submitted',
        owner: '6745a1c2e4b0a1b2c3d4e5f1',
        createdAt: '2026-11-21T09:00:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type LegalEntityProfile = z.infer<typeof legalEntityProfile>;

export const legalEntityProfileQuery = pageQuery.extend({
  owner: objectId.optional().describe("Only this owner's profiles: the caller (platform admins: anyone)"),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional().describe('Part of the name'),
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
  .meta({
    id: 'LegalEntityProfileCreate',
    description: 'A new legal entity profile: its name, type and the accepted terms, optionally under a parent entity of the caller.',
    examples: [{ name: 'Doe Family Holdings LLC', legalEntityType: 'llc', acceptDisclosures: true }],
  });
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
  .meta({
    id: 'LegalEntityProfileDetails',
    description: 'The details to change; fields left out stay as they are, empty optional values are stored as null.',
    examples: [
      {
        name: 'Doe Family Holdings LLC',
        displayname: 'Doe Holdings',
        website: 'https://doeholdings.example.com',
        gics: { sector: '60', industryGroup: '6010', industry: '601010', subIndustry: '60101010' },
        legalEntityType: 'llc',
        natureOfBusiness: 'Holds real estate investments for the Doe family',
        countryOfOrganization: 'US',
        stateOfOrganization: 'DE',
      },
    ],
  });
export type LegalEntityProfileDetailsBody = z.input<typeof legalEntityProfileDetailsBody>;
export type LegalEntityProfileDetails = z.output<typeof legalEntityProfileDetailsBody>;

export const legalEntityProfileLegalBody = z.object(organisationFields).meta({
  id: 'LegalEntityProfileLegal',
  description: 'What the entity does and where it is organised (a US state when the country is US).',
  examples: [
    { natureOfBusiness: 'Holds real estate investments for the Doe family', countryOfOrganization: 'US', stateOfOrganization: 'DE' },
  ],
});
export type LegalEntityProfileLegalBody = z.input<typeof legalEntityProfileLegalBody>;

export const legalEntityProfileContactBody = z.object({ contact }).meta({
  id: 'LegalEntityProfileContact',
  description: "The entity's whole contact, replacing the former one: at most one primary item per kind.",
  examples: [
    {
      contact: {
        addresses: [],
        emails: [
          {
            _id: '6745a1c2e4b0a1b2c3d4e5e1',
            isEnabled: true,
            isPrimary: true,
            enabledCommunications: ['investment-updates'],
            email: 'office@doeholdings.example.com',
            emailType: 'work',
          },
        ],
        phones: [],
        faxes: [],
        links: [],
      },
    },
  ],
});
export type LegalEntityProfileContactBody = z.input<typeof legalEntityProfileContactBody>;

/** Transfer: owners may only name themselves; platform admins may hand a profile to another member. */
export const legalEntityProfileOwnerBody = z.object({ owner: objectId }).meta({
  id: 'LegalEntityProfileTransfer',
  description: 'The member who becomes the owner: owners may only name themselves, platform admins any active member.',
  examples: [{ owner: '6745a1c2e4b0a1b2c3d4e5d1' }],
});

export const legalEntityProfileFinancialAccountsBody = z
  .object({ financialAccounts: z.array(objectId).max(100, 'At most 100 financial accounts') })
  .meta({
    id: 'LegalEntityProfileFinancialAccounts',
    description: "The owner's financial accounts the entity lists, replacing the former list.",
    examples: [{ financialAccounts: ['6745a1c2e4b0a1b2c3d4e5f5'] }],
  });

/** Set by platform admins once the provider has checked the entity. */
export const legalEntityProfileVerificationBody = z.object({ verificationStatus: identityVerificationStatus }).meta({
  id: 'LegalEntityProfileVerification',
  description: "The identity provider's verdict on the entity.",
  examples: [{ verificationStatus: 'approved' }],
});

export const legalEntityAssociation = z
  .object({
    relation: z.enum(['parent', 'child', 'stakeholder']),
    entityType: z.enum(['legal-entity-profile', 'individual-profile']),
    entity: objectId,
    name: z.string(),
  })
  .meta({
    id: 'LegalEntityAssociation',
    description: "Something the entity is tied to: its parent, a child entity, or a stakeholder's individual profile.",
    examples: [{ relation: 'stakeholder', entityType: 'individual-profile', entity: '6745a1c2e4b0a1b2c3d4e5f2', name: 'Jane Ann Doe' }],
  });
export type LegalEntityAssociation = z.infer<typeof legalEntityAssociation>;
