import { z } from 'zod';
import { countryCode, DEFAULT_COUNTRY } from './geo.ts';
import { timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { ein } from './individual-profile.ts';
import { email, httpUrl, isEmptyValue, orEmpty, PHONE_INPUT_PATTERN, personName } from './validation.ts';

/** The shorter business-type list of §3. */
export const businessType = z.enum(
  [
    'c-corporation',
    'family-office',
    'foreign-corporation',
    'irrevocable-trust',
    'limited-liability-company',
    'limited-partnership',
    'private-foundation',
    'public-charity',
    'revocable-trust',
    's-corporation',
  ],
  { error: 'Choose a business type from the list' },
);
export type BusinessType = z.infer<typeof businessType>;

export const businessTypeLabels: Record<BusinessType, string> = {
  'c-corporation': 'C Corporation',
  'family-office': 'Family Office',
  'foreign-corporation': 'Foreign Corporation',
  'irrevocable-trust': 'Irrevocable Trust',
  'limited-liability-company': 'Limited Liability Company',
  'limited-partnership': 'Limited Partnership',
  'private-foundation': 'Private Foundation',
  'public-charity': 'Public Charity',
  'revocable-trust': 'Revocable Trust',
  's-corporation': 'S Corporation',
};

/** Business owners of one business together hold at most 100%. */
export const OWNER_EQUITY_TOTAL_ERROR = 'The equity of all business owners together cannot exceed 100%';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (isEmptyValue(v) ? null : v!.trim()))
    .optional();

const amount = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .min(0, `${label} cannot be negative`)
    .max(1e15, `${label} is too large`)
    .transform((v) => Math.round(v * 100) / 100);

const equity = z
  .number({ error: 'Equity is required' })
  .gt(0, 'Equity must be above 0%')
  .max(100, 'Equity must be at most 100%')
  .transform((v) => Math.round(v * 100) / 100);

const optionalEmail = z
  .union([z.literal(''), z.null(), email])
  .transform((v) => (v ? v : null))
  .optional();

const optionalPhone = orEmpty(z.string().regex(PHONE_INPUT_PATTERN, 'Enter a valid phone number')).optional();

const optionalWebsite = orEmpty(httpUrl().max(2000, 'Website must be at most 2000 characters')).optional();

/** Part 2 §5 create business: these are required; website, email, phone, parent, line2 and country are optional. */
const businessFields = {
  name: requiredText('Name', 200),
  dba: requiredText('DBA', 200),
  netWorth: amount('Net worth'),
  revenue: amount('Revenue'),
  ein,
  businessType,
  line1: requiredText('Address line 1', 200),
  city: requiredText('City', 100),
  state: requiredText('State', 100),
  zip: requiredText('Zip', 20),
  website: optionalWebsite,
  email: optionalEmail,
  phone: optionalPhone,
  parent: objectId.nullish(),
  line2: optionalText('Address line 2', 200),
  country: countryCode.optional(),
};

export const businessCreateBody = z.object(businessFields).meta({
  id: 'BusinessCreate',
  description: 'A new business: name, DBA, net worth, revenue, EIN, type and address are required; the EIN is encrypted at rest.',
  examples: [
    {
      name: 'Doe Ventures Inc.',
      dba: 'Doe Ventures',
      netWorth: 2500000,
      revenue: 850000,
      ein: '12-3456789',
      businessType: 'c-corporation',
      line1: '100 Main Street',
      line2: 'Suite 400',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      website: 'https://doeventures.example.com',
      email: 'office@doeventures.example.com',
      phone: '+15125550100',
      parent: null,
    },
  ],
});
export type BusinessCreateBody = z.input<typeof businessCreateBody>;
export type BusinessCreateInput = z.output<typeof businessCreateBody>;

/** Absent fields stay as they are; required fields cannot be emptied. */
export const businessUpdateBody = z
  .object(businessFields)
  .partial()
  .meta({
    id: 'BusinessUpdate',
    description: 'The fields to change: fields left out stay as they are, required ones cannot be emptied, the EIN changes only when sent.',
    examples: [{ revenue: 920000, website: 'https://doeventures.example.com' }],
  });
export type BusinessUpdateBody = z.input<typeof businessUpdateBody>;
export type BusinessUpdateInput = z.output<typeof businessUpdateBody>;

/** Who a business owner is: their name, e-mail and address, and the member's user id when the e-mail belongs to one. */
export const businessOwnerUser = z.object({
  /** The member's user id when the owner's email belongs to a member of this tenant. */
  _id: objectId.nullable(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string(),
});

const exampleBusinessOwner = {
  _id: '6745a1c2e4b0a1b2c3d4e5fb',
  user: {
    _id: '6745a1c2e4b0a1b2c3d4e5f1',
    email: 'jane.doe@example.com',
    firstname: 'Jane',
    lastname: 'Doe',
    line1: '12 Oak Lane',
    line2: null,
    city: 'Austin',
    state: 'TX',
    zip: '78703',
    country: 'US',
  },
  title: 'Chief Executive Officer',
  equity: 75,
};

export const businessOwner = z.object({ _id: objectId, user: businessOwnerUser, title: z.string(), equity: z.number() }).meta({
  id: 'BusinessOwner',
  description: 'A person who owns part of a business: who they are, their title and their equity percent.',
  examples: [exampleBusinessOwner],
});
export type BusinessOwner = z.infer<typeof businessOwner>;

/** Part 2 §5 owner form: title, equity percent (capped at 100), email, first and last name required. */
export const businessOwnerCreateBody = z
  .object({
    email,
    firstname: personName('First name'),
    lastname: personName('Last name'),
    line1: optionalText('Address line 1', 200),
    line2: optionalText('Address line 2', 200),
    city: optionalText('City', 100),
    state: optionalText('State', 100),
    zip: optionalText('Zip', 20),
    country: countryCode.default(DEFAULT_COUNTRY),
    title: requiredText('Title', 200),
    equity,
  })
  .meta({
    id: 'BusinessOwnerCreate',
    description: 'A new owner of the business: e-mail, name, title and equity are required, the address optional (country default US).',
    examples: [
      {
        email: 'jane.doe@example.com',
        firstname: 'Jane',
        lastname: 'Doe',
        line1: '12 Oak Lane',
        city: 'Austin',
        state: 'TX',
        zip: '78703',
        country: 'US',
        title: 'Chief Executive Officer',
        equity: 75,
      },
    ],
  });
export type BusinessOwnerCreateBody = z.input<typeof businessOwnerCreateBody>;
export type BusinessOwnerCreateInput = z.output<typeof businessOwnerCreateBody>;

export const businessOwnerUpdateBody = z.object({ title: requiredText('Title', 200), equity }).meta({
  id: 'BusinessOwnerUpdate',
  description: "The owner's title and equity percent.",
  examples: [{ title: 'President', equity: 60 }],
});
export type BusinessOwnerUpdateBody = z.input<typeof businessOwnerUpdateBody>;
export type BusinessOwnerUpdateInput = z.output<typeof businessOwnerUpdateBody>;

export const business = z
  .object({
    _id: objectId,
    name: z.string(),
    dba: z.string(),
    website: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    netWorth: z.number(),
    revenue: z.number(),
    /** Always masked ('**-***6789'); the full number never leaves the server. */
    ein: z.string().nullable(),
    businessType,
    parent: objectId.nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.string(),
    owners: z.array(businessOwner),
    createdBy: objectId,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Business',
    description: 'A business the caller created, with its owners; the EIN is always masked.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5fa',
        name: 'Doe Ventures Inc.',
        dba: 'Doe Ventures',
        website: 'https://doeventures.example.com',
        email: 'office@doeventures.example.com',
        phone: '+15125550100',
        netWorth: 2500000,
        revenue: 850000,
        ein: '**-***6789',
        businessType: 'c-corporation',
        parent: null,
        line1: '100 Main Street',
        line2: 'Suite 400',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
        owners: [exampleBusinessOwner],
        createdBy: '6745a1c2e4b0a1b2c3d4e5f1',
        createdAt: '2026-11-22T16:45:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type Business = z.infer<typeof business>;
