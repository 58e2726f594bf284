/**
 * The PII classification: one entry per kind of personal data the platform keeps, saying where it is stored,
 * whether it is encrypted at rest, how responses and timeline events show it, and where it may never appear.
 * SECURITY.md's table is generated from this list (`piiMarkdownTable`) and a test fails when the two differ or
 * when a column named like a classified field exists in the schema without an entry here. The key-rotation
 * command walks the `encrypted` entries, so a new encrypted column is rotated as soon as it is classified.
 */

/** secret: identifies a person to the tax authority or a state; personal: identifies or describes a person; financial: reaches their money. */
export type PiiClass = 'secret' | 'personal' | 'financial';

export interface PiiField {
  /** Short name, used in the table and by the tests. */
  name: string;
  label: string;
  class: PiiClass;
  /**
   * Where it lives: a table and column, or file storage. `searchTerms`: a column of keyed hashes of the value's words
   * (FieldCipher.searchTerms) that search matches instead of the text; the key rotation makes them again.
   */
  store: { table: string; column: string; searchTerms?: string } | { files: string };
  /** encrypted: FieldCipher ciphertext in the column (AES-256-GCM, key id in each value); plain: the database's own protection only. */
  atRest: 'encrypted' | 'plain' | 'file storage';
  /** What an API response shows. */
  response: string;
  /** What timeline events (history tabs) show of it. */
  timeline: string;
}

/**
 * Contact data (names, e-mail, phone of users, tenant members and leads; a lead's notes) is personal but not listed:
 * histories show it by design to whoever may read the record, which the log-and-event scan of listed values would
 * report. SECURITY.md says how it is handled instead.
 */
export const PII_FIELDS: readonly PiiField[] = [
  {
    name: 'ssn',
    label: 'Social security number',
    class: 'secret',
    store: { table: 'individual_profiles', column: 'ssn_encrypted' },
    atRest: 'encrypted',
    response: 'masked (last 4); clear only to the owner with `reveal=true`, which records an access event',
    timeline: 'redacted',
  },
  {
    name: 'tin',
    label: 'Taxpayer identification number',
    class: 'secret',
    store: { table: 'individual_profiles', column: 'tin_encrypted' },
    atRest: 'encrypted',
    response: 'masked (last 4); clear only to the owner with `reveal=true`',
    timeline: 'redacted',
  },
  {
    name: 'ein',
    label: 'Employer identification number (individual profile)',
    class: 'secret',
    store: { table: 'individual_profiles', column: 'ein_encrypted' },
    atRest: 'encrypted',
    response: 'masked (last 4); clear only to the owner with `reveal=true`',
    timeline: 'redacted',
  },
  {
    name: 'business-ein',
    label: 'Employer identification number (business)',
    class: 'secret',
    store: { table: 'businesses', column: 'ein_encrypted' },
    atRest: 'encrypted',
    response: 'masked (last 4)',
    timeline: 'masked (last 4)',
  },
  {
    name: 'gov-id-number',
    label: 'Government photo ID number',
    class: 'secret',
    store: { table: 'gov_photo_ids', column: 'number_encrypted' },
    atRest: 'encrypted',
    response: 'masked (last 4); clear only to the owner with `reveal=true`',
    timeline: 'masked (last 4)',
  },
  {
    name: 'gov-id-images',
    label: 'Government photo ID images (front and back)',
    class: 'secret',
    store: { files: 'documents (file storage), named by gov_photo_ids.document_front_id / document_back_id' },
    atRest: 'file storage',
    response: 'the uploader and those granted access only, `Cache-Control: no-store`',
    timeline: 'document ids only',
  },
  {
    name: 'account-number',
    label: 'Financial account number',
    class: 'financial',
    store: { table: 'financial_accounts', column: 'number_encrypted' },
    atRest: 'encrypted',
    response: 'masked (last 4)',
    timeline: 'redacted',
  },
  {
    name: 'date-of-birth',
    label: 'Date of birth',
    class: 'personal',
    store: { table: 'individual_profiles', column: 'birth_date' },
    atRest: 'plain',
    response: 'to the owner only (a profile is visible to its owner alone)',
    timeline: 'redacted',
  },
  {
    name: 'profile-photo',
    label: 'Individual profile photo',
    class: 'personal',
    store: { table: 'individual_profiles', column: 'image' },
    atRest: 'file storage',
    response: 'to the owner only, `Cache-Control: no-store`',
    timeline: 'image id only',
  },
  {
    name: 'identity-typed',
    label: 'Identity inquiry fields typed (names, birth date, document number, expiry; JSON)',
    class: 'secret',
    store: { table: 'identity_inquiries', column: 'typed_encrypted' },
    atRest: 'encrypted',
    response: 'to the person in full; to the tenant’s owners and platform admins with the document number masked (last 4)',
    timeline: 'document number masked (last 4), birth date redacted',
  },
  {
    name: 'identity-decision',
    label: "Identity inquiry verdict (each check's sentence, the document's fields as read; JSON)",
    class: 'secret',
    store: { table: 'identity_inquiries', column: 'decision_encrypted' },
    atRest: 'encrypted',
    response: 'to the person, the tenant’s owners and platform admins; the document number masked (last 4) but to the person',
    timeline: 'the outcome only',
  },
  {
    name: 'document-text',
    label: 'Text parsed from an uploaded document, for search (can hold any number the file shows)',
    class: 'secret',
    store: { table: 'documents', column: 'parsed_text_encrypted', searchTerms: 'parsed_terms' },
    atRest: 'encrypted',
    response: 'never: only whether the document was parsed, and its length to the one who parses it',
    timeline: 'whether it was parsed',
  },
  {
    name: 'identity-images',
    label: 'Identity inquiry pictures (document front and back, selfie)',
    class: 'secret',
    store: { files: 'documents (file storage), named by identity_inquiries.front_document_id / back_document_id / selfie_document_id' },
    atRest: 'file storage',
    response: 'the uploader and those granted access only, `Cache-Control: no-store`',
    timeline: 'document ids only',
  },
];

/** The classified columns whose values are FieldCipher ciphertext: what the key rotation re-encrypts. */
export const ENCRYPTED_COLUMNS: readonly { name: string; table: string; column: string; searchTerms?: string }[] = PII_FIELDS.flatMap(
  (f) => (f.atRest === 'encrypted' && 'table' in f.store ? [{ name: f.name, ...f.store }] : []),
);

/**
 * Column names that hold PII of a classified kind whatever table they are in: a column matching this and not
 * classified fails the classification test, so a new `ssn`, `dob` or `routing_number` column cannot slip in.
 */
export const PII_COLUMN_NAME =
  /(^|_)(ssn|tin|ein|dob|birth_date|date_of_birth|id_number|number_encrypted|account_number|routing_number|iban|passport_number)(_|$)/;

/** The value timeline events show in place of a redacted field. */
export const REDACTED = '[redacted]';

/**
 * Timeline keys whose values must never be stored as given: the birth date (shown nowhere but the owner's profile).
 * `recordEvent` replaces them in every `change`/`delete` entry, so a module that forgets cannot leak them.
 */
export const TIMELINE_REDACTED_KEYS: readonly string[] = ['birthDate', 'ssn', 'tin', 'dateOfBirth', 'dob'];

/** SECURITY.md's classification table, generated from PII_FIELDS. */
export function piiMarkdownTable(): string {
  const where = (f: PiiField) =>
    'table' in f.store
      ? `\`${f.store.table}.${f.store.column}\`${f.store.searchTerms ? `, its words as keyed hashes in \`${f.store.table}.${f.store.searchTerms}\`` : ''}`
      : f.store.files;
  const rows = PII_FIELDS.map(
    (f) => `| ${f.label} (\`${f.name}\`) | ${f.class} | ${where(f)} | ${f.atRest} | ${f.response} | ${f.timeline} |`,
  );
  return [
    `| Field | Class | Stored in | At rest | API responses | Timeline events |`,
    `| --- | --- | --- | --- | --- | --- |`,
    ...rows,
  ].join('\n');
}
