import { z } from 'zod';
import { contact } from './contact.ts';
import { identityVerificationStatus } from './enums.ts';
import { countryCode, DEFAULT_COUNTRY } from './geo.ts';
import { pageQuery, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { isEmptyValue, isValidDate, optionalPersonName, personName } from './validation.ts';

export const gender = z.enum(['male', 'female', 'other']);
export type Gender = z.infer<typeof gender>;
export const genderLabels: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };
/** §9 defaults. */
export const DEFAULT_GENDER: Gender = 'male';
export const DEFAULT_BIRTH_PLACE = DEFAULT_COUNTRY;
export const DEFAULT_CITIZENSHIP = DEFAULT_COUNTRY;

/** The fields held encrypted at rest and masked in every response unless the owner reveals them. */
export const SENSITIVE_PROFILE_FIELDS = ['ssn', 'tin', 'ein'] as const;
export type SensitiveProfileField = (typeof SENSITIVE_PROFILE_FIELDS)[number];

/** A digits pattern ('000-00-0000'), accepted with or without its dashes and stored with them. */
function dashedDigits(label: string, groups: readonly number[]) {
  const pattern = groups.map((n) => '0'.repeat(n)).join('-');
  const loose = new RegExp(`^${groups.map((n) => `\\d{${n}}`).join('-?')}$`);
  return z
    .string()
    .trim()
    .regex(loose, `${label} must look like ${pattern}`)
    .transform((v) => {
      const digits = v.replace(/-/g, '');
      let at = 0;
      return groups.map((n) => digits.slice(at, (at += n))).join('-');
    });
}
export const ssn = dashedDigits('SSN', [3, 2, 4]);
export const tin = dashedDigits('TIN', [3, 2, 4]);
export const ein = dashedDigits('EIN', [2, 7]);
export const crd = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'CRD must be 10 digits');
export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine(isValidDate, 'Enter a real calendar date')
  .meta({ format: 'date' });

export const individualProfile = z
  .object({
    _id: objectId,
    user: objectId,
    firstname: z.string(),
    lastname: z.string(),
    middlename: z.string(),
    birthDate: z.string().nullable(),
    birthPlace: z.string().nullable(),
    gender: gender.nullable(),
    citizenship: z.string().nullable(),
    occupation: z.string().nullable(),
    crd: z.string().nullable(),
    /** Masked ('***-**-6789') unless revealed by the owner. */
    ssn: z.string().nullable(),
    tin: z.string().nullable(),
    ein: z.string().nullable(),
    /** The id of the profile image (fetch it from individual-profile/{id}/media/{image}). */
    image: objectId.nullable(),
    contact,
    govPhotoIds: z.array(objectId),
    financialAccounts: z.array(objectId),
    /** The provider's verdict, set by platform admins. Always sent by the server; optional only for clients built before it existed. */
    verificationStatus: identityVerificationStatus.optional(),
    /** True when ssn, tin and ein are shown in clear. */
    revealed: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'IndividualProfile',
    description: "A person's profile: identity, tax numbers (masked unless revealed), contact, and links to their IDs and accounts.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f2',
        user: '6745a1c2e4b0a1b2c3d4e5f1',
        firstname: 'Jane',
        lastname: 'Doe',
        middlename: 'Ann',
        birthDate: '1985-04-12',
        birthPlace: 'US',
        gender: 'female',
        citizenship: 'US',
        occupation: 'Portfolio manager',
        crd: null,
        ssn: '***-**-6789',
        tin: null,
        ein: null,
        image: '6745a1c2e4b0a1b2c3d4e5f3',
        contact: {
          addresses: [],
          emails: [
            {
              _id: '6745a1c2e4b0a1b2c3d4e5e0',
              isEnabled: true,
              isPrimary: true,
              enabledCommunications: ['account-management'],
              email: 'jane.doe@example.com',
              emailType: 'personal',
            },
          ],
          phones: [],
          faxes: [],
          links: [],
        },
        govPhotoIds: ['6745a1c2e4b0a1b2c3d4e5f4'],
        financialAccounts: ['6745a1c2e4b0a1b2c3d4e5f5'],
        verificationStatus: 'approved',
        revealed: false,
        createdAt: '2026-11-20T14:05:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type IndividualProfile = z.infer<typeof individualProfile>;

/** §9 reads the whole profile list, up to this many: the web app pages through it, at most 100 a page like every list. */
export const INDIVIDUAL_PROFILE_READ_MAX = 1000;
export const individualProfileQuery = pageQuery.extend({
  user: objectId.optional().describe("Only this user's profiles: it may only name the caller"),
});
export type IndividualProfileQuery = z.infer<typeof individualProfileQuery>;

export const individualProfileGetQuery = z.object({
  reveal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('true: the owner gets ssn, tin and ein in clear (recorded on the timeline)'),
});

export const createIndividualProfileBody = z
  .object({
    firstname: personName('First name'),
    lastname: personName('Last name'),
    /** Defaults to the caller; only the caller's own id is accepted. */
    user: objectId.optional(),
    acceptDisclosures: z.literal(true, { error: 'You must agree to the terms and conditions' }),
  })
  .meta({
    id: 'IndividualProfileCreate',
    description: 'A new individual profile: the name and the accepted terms.',
    examples: [{ firstname: 'Jane', lastname: 'Doe', acceptDisclosures: true }],
  });
export type CreateIndividualProfileBody = z.input<typeof createIndividualProfileBody>;

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional();

/**
 * §5 profile save: empty optional values arrive as null and the middle name as empty text.
 * ssn, tin and ein are changed only when sent: left out, the stored value stays; null clears it.
 */
export const updateIndividualProfileBody = z
  .object({
    firstname: personName('First name').optional(),
    lastname: personName('Last name').optional(),
    middlename: optionalPersonName('Middle name')
      .nullable()
      .optional()
      .transform((v) => (v === null ? '' : v)),
    birthDate: isoDay.nullable().optional(),
    birthPlace: countryCode.nullable().optional(),
    gender: gender.nullable().optional(),
    citizenship: countryCode.nullable().optional(),
    occupation: optionalText('Occupation', 200),
    crd: crd.nullable().optional(),
    ssn: ssn.nullable().optional(),
    tin: tin.nullable().optional(),
    ein: ein.nullable().optional(),
  })
  .strict()
  .meta({
    id: 'IndividualProfileUpdate',
    description: 'The profile details to change: fields left out stay as they are; ssn, tin and ein change only when sent (null clears).',
    examples: [
      {
        firstname: 'Jane',
        lastname: 'Doe',
        middlename: 'Ann',
        birthDate: '1985-04-12',
        birthPlace: 'US',
        gender: 'female',
        citizenship: 'US',
        occupation: 'Portfolio manager',
        crd: null,
        ssn: '123-45-6789',
      },
    ],
  });
export type UpdateIndividualProfileBody = z.input<typeof updateIndividualProfileBody>;

/** What the details form edits, as text (empty text for nothing). */
export interface IndividualProfileDetailsForm {
  firstname: string;
  lastname: string;
  middlename: string;
  birthDate: string;
  birthPlace: string;
  gender: string;
  citizenship: string;
  occupation: string;
  crd: string;
  ssn: string;
  tin: string;
  ein: string;
}

/** §5: the save body from the details form; empty optional values become null, the middle name empty text. */
export function toProfileUpdateBody(
  form: IndividualProfileDetailsForm,
  changedSensitive: readonly SensitiveProfileField[],
): UpdateIndividualProfileBody {
  const orNull = (v: string) => (isEmptyValue(v) ? null : v.trim());
  const body: UpdateIndividualProfileBody = {
    firstname: form.firstname,
    lastname: form.lastname,
    middlename: isEmptyValue(form.middlename) ? '' : form.middlename.trim(),
    birthDate: orNull(form.birthDate),
    birthPlace: orNull(form.birthPlace),
    gender: orNull(form.gender) as Gender | null,
    citizenship: orNull(form.citizenship),
    occupation: orNull(form.occupation),
    crd: orNull(form.crd),
  };
  for (const field of changedSensitive) body[field] = orNull(form[field]);
  return body;
}

export const govPhotoIdsBody = z
  .object({
    govPhotoIds: z
      .array(objectId)
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once')
      .meta({ uniqueItems: true }),
  })
  .meta({
    id: 'IndividualProfileGovPhotoIds',
    description: "The caller's government photo IDs the profile lists, replacing the former list.",
    examples: [{ govPhotoIds: ['6745a1c2e4b0a1b2c3d4e5f4'] }],
  });
export type GovPhotoIdsBody = z.input<typeof govPhotoIdsBody>;

export const profileFinancialAccountsBody = z
  .object({
    financialAccounts: z
      .array(objectId)
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once')
      .meta({ uniqueItems: true }),
  })
  .meta({
    id: 'IndividualProfileFinancialAccounts',
    description: "The caller's financial accounts the profile lists, replacing the former list.",
    examples: [{ financialAccounts: ['6745a1c2e4b0a1b2c3d4e5f5'] }],
  });
export type ProfileFinancialAccountsBody = z.input<typeof profileFinancialAccountsBody>;

export const individualProfileVerificationBody = z.object({ verificationStatus: identityVerificationStatus }).meta({
  id: 'IndividualProfileVerification',
  description: "The identity provider's verdict on the profile.",
  examples: [{ verificationStatus: 'approved' }],
});
export type IndividualProfileVerificationBody = z.input<typeof individualProfileVerificationBody>;

/** §7 /user: hands the profile to another active member of the tenant. */
export const individualProfileUserBody = z.object({ user: objectId }).meta({
  id: 'IndividualProfileTransfer',
  description: "The active member of this tenant who becomes the profile's owner.",
  examples: [{ user: '6745a1c2e4b0a1b2c3d4e5d1' }],
});
export type IndividualProfileUserBody = z.input<typeof individualProfileUserBody>;

/** §7 /created-by: the same hand-over as /user, under the field name that call sends. */
export const individualProfileCreatedByBody = z.object({ createdBy: objectId }).meta({
  id: 'IndividualProfileCreatedBy',
  description: "The active member of this tenant who becomes the profile's owner (the same hand-over as IndividualProfileTransfer).",
  examples: [{ createdBy: '6745a1c2e4b0a1b2c3d4e5d1' }],
});
export type IndividualProfileCreatedByBody = z.input<typeof individualProfileCreatedByBody>;

export function individualProfileName(p: Pick<IndividualProfile, 'firstname' | 'middlename' | 'lastname'>): string {
  return [p.firstname, p.middlename, p.lastname]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
}
