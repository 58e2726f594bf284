import { z } from 'zod';
import { notificationCategory } from './enums.ts';
import { newObjectId, objectId } from './ids.ts';
import { EMAIL_ERROR, EMAIL_PATTERN, HTTP_URL_PATTERN, isValidUrl, PHONE_INPUT_PATTERN, URL_ERROR } from './validation.ts';

/** §3 contact, shared by individual and legal entity profiles. Every item's _id is generated on the client. */

export const addressType = z.enum(['mailing', 'home', 'work', 'billing', 'other']);
export type AddressType = z.infer<typeof addressType>;
export const emailType = z.enum(['work', 'personal', 'other']);
export type EmailType = z.infer<typeof emailType>;
export const phoneType = z.enum(['work', 'mobile', 'home', 'other']);
export type PhoneType = z.infer<typeof phoneType>;
export const faxType = z.enum(['work', 'home', 'other']);
export type FaxType = z.infer<typeof faxType>;
export const linkType = z.enum(['website', 'linkedin', 'twitter', 'facebook', 'other']);
export type LinkType = z.infer<typeof linkType>;

export const contactTypeLabels: Record<AddressType | EmailType | PhoneType | FaxType | LinkType, string> = {
  mailing: 'Mailing',
  home: 'Home',
  work: 'Work',
  billing: 'Billing',
  other: 'Other',
  personal: 'Personal',
  mobile: 'Mobile',
  website: 'Website',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
};

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const phoneNumber = (label: string) =>
  required(label, 30).regex(PHONE_INPUT_PATTERN, `${label} must be 1 to 15 digits, not starting with 0 (an optional + first)`);

const itemBase = {
  _id: objectId,
  isEnabled: z.boolean().default(true),
  isPrimary: z.boolean().default(false),
  /** The notification categories sent to this contact point. */
  enabledCommunications: z.array(notificationCategory).max(notificationCategory.options.length).default([]),
};

export const postalAddress = z.object({
  address1: required('Address line 1'),
  address2: z.string().trim().max(200, 'Address line 2 must be at most 200 characters').nullable().default(null),
  city: required('City', 100),
  state: required('State', 100),
  zip: required('Zip', 20),
});
export type PostalAddress = z.infer<typeof postalAddress>;

export const contactAddress = z.object({ ...itemBase, address: postalAddress, addressType: addressType.default('mailing') });
export const contactEmail = z.object({
  ...itemBase,
  email: z.string({ error: 'Email is required' }).trim().max(254, 'Email must be at most 254 characters').regex(EMAIL_PATTERN, EMAIL_ERROR),
  emailType: emailType.default('work'),
});
export const contactPhone = z.object({ ...itemBase, phone: phoneNumber('Phone'), phoneType: phoneType.default('work') });
export const contactFax = z.object({ ...itemBase, fax: phoneNumber('Fax'), faxType: faxType.default('work') });
export const contactLink = z.object({
  ...itemBase,
  url: required('URL', 2000)
    .regex(HTTP_URL_PATTERN, URL_ERROR)
    .refine((v) => !HTTP_URL_PATTERN.test(v) || isValidUrl(v), URL_ERROR)
    .meta({ format: 'uri' }),
  linkType: linkType.default('website'),
});
export type ContactAddress = z.infer<typeof contactAddress>;
export type ContactEmail = z.infer<typeof contactEmail>;
export type ContactPhone = z.infer<typeof contactPhone>;
export type ContactFax = z.infer<typeof contactFax>;
export type ContactLink = z.infer<typeof contactLink>;

export const contactKind = z.enum(['addresses', 'emails', 'phones', 'faxes', 'links']);
export type ContactKind = z.infer<typeof contactKind>;
export const contactKindLabels: Record<ContactKind, { one: string; many: string }> = {
  addresses: { one: 'Address', many: 'Addresses' },
  emails: { one: 'Email', many: 'Emails' },
  phones: { one: 'Phone', many: 'Phones' },
  faxes: { one: 'Fax', many: 'Faxes' },
  links: { one: 'Link', many: 'Links' },
};
/** §2: the Create menu offers these kinds (links are edited but not created from the menu). */
export const CONTACT_CREATE_KINDS: readonly ContactKind[] = ['addresses', 'emails', 'phones', 'faxes'];

export const contactItemSchemas = {
  addresses: contactAddress,
  emails: contactEmail,
  phones: contactPhone,
  faxes: contactFax,
  links: contactLink,
} as const;

export interface ContactItems {
  addresses: ContactAddress;
  emails: ContactEmail;
  phones: ContactPhone;
  faxes: ContactFax;
  links: ContactLink;
}
export type ContactItem = ContactItems[ContactKind];

const MAX_ITEMS = 50;

export const contact = z
  .object({
    addresses: z.array(contactAddress).max(MAX_ITEMS).default([]),
    emails: z.array(contactEmail).max(MAX_ITEMS).default([]),
    phones: z.array(contactPhone).max(MAX_ITEMS).default([]),
    faxes: z.array(contactFax).max(MAX_ITEMS).default([]),
    links: z.array(contactLink).max(MAX_ITEMS).default([]),
  })
  .superRefine((value, ctx) => {
    const ids = new Set<string>();
    for (const kind of contactKind.options) {
      const items: readonly { _id: string; isPrimary: boolean }[] = value[kind];
      if (items.filter((item) => item.isPrimary).length > 1) {
        ctx.addIssue({
          code: 'custom',
          path: [kind],
          message: `Only one of the ${contactKindLabels[kind].many.toLowerCase()} can be primary`,
        });
      }
      items.forEach((item, index) => {
        if (ids.has(item._id)) ctx.addIssue({ code: 'custom', path: [kind, index, '_id'], message: 'Each contact item needs its own id' });
        ids.add(item._id);
      });
    }
  })
  .describe('Contact');
export type Contact = z.infer<typeof contact>;
export type ContactInput = z.input<typeof contact>;

export const EMPTY_CONTACT: Contact = { addresses: [], emails: [], phones: [], faxes: [], links: [] };

export const updateContactBody = z.object({ contact }).meta({
  id: 'TenantContactUpdate',
  description: "A tenant's whole contact: addresses, e-mails, phones, faxes and links, at most one primary of each kind.",
  examples: [
    {
      contact: {
        addresses: [],
        emails: [
          {
            _id: '6745a1c2e4b0a1b2c3d4e5e1',
            isEnabled: true,
            isPrimary: true,
            enabledCommunications: ['account-management'],
            email: 'hello@acme-capital.example',
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
export type UpdateContactBody = z.input<typeof updateContactBody>;

/** §4: a blank item with a client-generated id and the §9 default type, ready for the create dialog. */
export function blankContactItem<K extends ContactKind>(kind: K, id: string = newObjectId()): ContactItems[K] {
  const base = { _id: id, isEnabled: true, isPrimary: false, enabledCommunications: [] };
  const blanks: ContactItems = {
    addresses: { ...base, address: { address1: '', address2: null, city: '', state: '', zip: '' }, addressType: 'mailing' },
    emails: { ...base, email: '', emailType: 'work' },
    phones: { ...base, phone: '', phoneType: 'work' },
    faxes: { ...base, fax: '', faxType: 'work' },
    links: { ...base, url: '', linkType: 'website' },
  };
  return blanks[kind];
}

/** §5: making an item primary makes it the only primary of its kind. */
export function withPrimary(value: Contact, kind: ContactKind, id: string): Contact {
  const items = value[kind] as ContactItem[];
  return { ...value, [kind]: items.map((item) => ({ ...item, isPrimary: item._id === id })) };
}

/** Replaces (or appends) one item of a kind; a primary item takes the primary mark from its siblings. */
export function withContactItem(value: Contact, kind: ContactKind, item: ContactItem): Contact {
  const items = value[kind] as ContactItem[];
  const exists = items.some((i) => i._id === item._id);
  const next = exists ? items.map((i) => (i._id === item._id ? item : i)) : [...items, item];
  const updated = { ...value, [kind]: next };
  return item.isPrimary ? withPrimary(updated, kind, item._id) : updated;
}

export function withoutContactItem(value: Contact, kind: ContactKind, id: string): Contact {
  return { ...value, [kind]: (value[kind] as ContactItem[]).filter((item) => item._id !== id) };
}

/** The one-line text of an item, as lists show it. */
export function contactItemText(kind: ContactKind, item: ContactItem): string {
  switch (kind) {
    case 'addresses': {
      const { address } = item as ContactAddress;
      return [address.address1, address.address2, address.city, [address.state, address.zip].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ');
    }
    case 'emails':
      return (item as ContactEmail).email;
    case 'phones':
      return (item as ContactPhone).phone;
    case 'faxes':
      return (item as ContactFax).fax;
    case 'links':
      return (item as ContactLink).url;
  }
}

/** The type of an item (mailing, work, …). */
export function contactItemType(kind: ContactKind, item: ContactItem): keyof typeof contactTypeLabels {
  switch (kind) {
    case 'addresses':
      return (item as ContactAddress).addressType;
    case 'emails':
      return (item as ContactEmail).emailType;
    case 'phones':
      return (item as ContactPhone).phoneType;
    case 'faxes':
      return (item as ContactFax).faxType;
    case 'links':
      return (item as ContactLink).linkType;
  }
}

export const contactTypeOptions: Record<ContactKind, readonly string[]> = {
  addresses: addressType.options,
  emails: emailType.options,
  phones: phoneType.options,
  faxes: faxType.options,
  links: linkType.options,
};
