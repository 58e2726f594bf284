import type { IdentityFields } from './identity-provider.ts';

/**
 * The text of a North American driving licence's PDF417 barcode (AAMVA DL/ID card design standard): a header
 * (`@`, separators, `ANSI ` or `AAMVA`, issuer number, versions, subfile directory) and a `DL` or `ID` subfile of
 * elements, one a line, each a three-letter id and its value (DAQ number, DCS family name, DAC first name, DAD middle
 * names, DBB birth date, DBA expiry, DBC sex, DAG/DAI/DAJ/DAK address, DCG country). Dates are MMDDCCYY in the United
 * States and CCYYMMDD in Canada. Pure function.
 */

export interface AamvaLicence {
  fields: Partial<IdentityFields>;
  middleName?: string;
  /** Required elements that were missing or unreadable. */
  missing: string[];
}

/** Line feed, carriage return and the ASCII record separator (built from its code: lint forbids it in a literal). */
const RECORD_SEPARATORS = new RegExp(`[\\n\\r${String.fromCharCode(0x1e)}]+`);

const REQUIRED: Record<string, string> = {
  DAQ: 'licence number (DAQ)',
  DCS: 'family name (DCS)',
  DAC: 'first name (DAC)',
  DBB: 'birth date (DBB)',
  DBA: 'expiry date (DBA)',
};

function validIso(year: string, month: string, day: string): string | undefined {
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** MMDDCCYY (United States) or CCYYMMDD (Canada, and version 1 cards). */
function aamvaDate(value: string | undefined, canadian: boolean): string | undefined {
  if (!value || !/^\d{8}$/.test(value)) return undefined;
  const us = () => validIso(value.slice(4, 8), value.slice(0, 2), value.slice(2, 4));
  const ca = () => validIso(value.slice(0, 4), value.slice(4, 6), value.slice(6, 8));
  return canadian ? (ca() ?? us()) : (us() ?? ca());
}

const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const present = (value: string | undefined) => {
  const v = clean(value);
  return v && !['NONE', 'UNAVL', 'UNAVAILABLE'].includes(v.toUpperCase()) ? v : undefined;
};

function zipCode(value: string | undefined): string | undefined {
  const digits = clean(value).replace(/[^0-9A-Z]/gi, '');
  if (!digits) return undefined;
  if (/^\d{9}$/.test(digits)) return digits.endsWith('0000') ? digits.slice(0, 5) : `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return digits;
}

/** The licence's fields, or null when the text is not an AAMVA barcode. */
export function parseAamva(text: string): AamvaLicence | null {
  const start = text.search(/ANSI |AAMVA/);
  if (start < 0) return null;
  const version = Number(text.slice(start + 11, start + 13)) || 0;
  const elements: Record<string, string> = {};
  // After the directory, elements are separated by line feeds (some issuers use carriage returns or record separators);
  // the first element of a subfile carries the subfile type ("DL"/"ID") in front of its id.
  const body = text.slice(start);
  for (const raw of body.split(RECORD_SEPARATORS)) {
    // The header's segment ends with the subfile's first element: "…DL00310214DLDCAC" holds DCA = "C".
    const match = /^(ANSI |AAMVA)/.test(raw) ? /(?:DL|ID)(D[A-Z]{2})(.*)$/.exec(raw.slice(21)) : /^(D[A-Z]{2})(.*)$/.exec(raw);
    if (match?.[1] && !(match[1] in elements)) elements[match[1]] = match[2] ?? '';
  }
  const country = clean(elements.DCG).toUpperCase();
  const canadian = country === 'CAN' || version === 1;
  let firstName = present(elements.DAC) ?? present(elements.DCT);
  let lastName = present(elements.DCS) ?? present(elements.DAB);
  let middleName = present(elements.DAD);
  // Version 1 puts the whole name in DAA ("FAMILY,FIRST,MIDDLE"); versions 2–3 the given names in DCT.
  if ((!firstName || !lastName) && present(elements.DAA)) {
    const [family, first, ...middle] = clean(elements.DAA).split(/[,$]/);
    lastName ??= present(family);
    firstName ??= present(first);
    middleName ??= present(middle.join(' '));
  }
  if (firstName && !present(elements.DAC) && firstName.includes(',')) {
    const [first, ...middle] = firstName.split(',');
    firstName = clean(first);
    middleName ??= present(middle.join(' '));
  }
  const fields: Partial<IdentityFields> = { documentType: 'drivers-license' };
  if (firstName) fields.firstName = firstName;
  if (lastName) fields.lastName = lastName;
  const number = present(elements.DAQ);
  if (number) fields.documentNumber = number;
  const birthDate = aamvaDate(clean(elements.DBB), canadian);
  const expiryDate = aamvaDate(clean(elements.DBA), canadian);
  if (birthDate) fields.birthDate = birthDate;
  if (expiryDate) fields.expiryDate = expiryDate;
  const sex = clean(elements.DBC).toUpperCase();
  const sexCode = ({ '1': 'M', M: 'M', '2': 'F', F: 'F', '9': 'X', X: 'X' } as const)[sex as '1'];
  if (sexCode) fields.sex = sexCode;
  const iso = country === 'CAN' ? 'CA' : country === 'USA' || !country ? 'US' : undefined;
  if (iso) fields.issuingCountry = iso;
  const address = {
    line1: present(elements.DAG),
    city: present(elements.DAI),
    state: present(elements.DAJ),
    zip: zipCode(elements.DAK),
    country: iso,
  };
  const definedAddress = Object.fromEntries(Object.entries(address).filter(([, v]) => v !== undefined));
  if (Object.keys(definedAddress).length) fields.address = definedAddress;
  const read: Record<string, unknown> = { DAQ: number, DCS: lastName, DAC: firstName, DBB: birthDate, DBA: expiryDate };
  const missing = Object.entries(REQUIRED)
    .filter(([id]) => !read[id])
    .map(([, label]) => label);
  return { fields, ...(middleName ? { middleName } : {}), missing };
}
