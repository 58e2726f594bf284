import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/factories.ts';
import { seedPassport, type SeededPassport } from '../../test/pii-factories.ts';
import { captureLogs, findLeaks, registerPii } from '../../test/pii-scan.ts';
import { fakeVerifier, nextVerdict, TYPED, verifyThroughApi } from '../modules/identity-verification/identity-verification.test-helpers.ts';
import { ENCRYPTED_COLUMNS, PII_COLUMN_NAME, PII_FIELDS, piiMarkdownTable } from './pii.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { verifyIdentityDocument: fakeVerifier });
});
afterAll(async () => {
  await t?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the PII classification (lib/pii.ts)', () => {
  it('is the table SECURITY.md shows', () => {
    const doc = readFileSync(new URL('../../../../SECURITY.md', import.meta.url), 'utf8');
    const between = doc.match(/<!-- pii-table:start -->\n([\s\S]*?)\n<!-- pii-table:end -->/);
    expect(between, 'SECURITY.md has the pii-table markers').not.toBeNull();
    // Regenerate with: node --import tsx -e "import('./apps/api/src/lib/pii.ts').then(m => console.log(m.piiMarkdownTable()))"
    expect(between![1]).toBe(piiMarkdownTable());
  });

  it('names columns that exist, and every column named like ssn, tin, ein, ID or account number or birth date is classified', async () => {
    const columns = await rows<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    const exists = new Set(columns.map((c) => `${c.table_name}.${c.column_name}`));
    const classified = new Set(PII_FIELDS.flatMap((f) => ('table' in f.store ? [`${f.store.table}.${f.store.column}`] : [])));
    expect([...classified].filter((c) => !exists.has(c))).toEqual([]);
    const unclassified = [...exists].filter((c) => PII_COLUMN_NAME.test(c.split('.')[1]!) && !classified.has(c));
    expect(unclassified).toEqual([]);
    // The pattern does catch what it is for.
    for (const name of ['ssn', 'user_tin', 'ein_encrypted', 'dob', 'date_of_birth', 'routing_number', 'account_number', 'passport_number'])
      expect(PII_COLUMN_NAME.test(name), name).toBe(true);
    for (const name of ['tenant_id', 'einstein', 'protein', 'number_of_units', 'business_type'])
      expect(PII_COLUMN_NAME.test(name), name).toBe(false);
  });

  it('marks as encrypted only text columns, in tables keyed by (tenant_id, id) as the key rotation expects', async () => {
    for (const c of ENCRYPTED_COLUMNS) {
      const [column] = await rows<{ data_type: string }>(
        sql`select data_type from information_schema.columns where table_name = ${c.table} and column_name = ${c.column}`,
      );
      expect(column?.data_type, c.name).toBe('text');
      const keys = await rows<{ column_name: string }>(sql`
        select k.column_name from information_schema.table_constraints tc
        join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_name = tc.table_name
        where tc.table_name = ${c.table} and tc.constraint_type = 'PRIMARY KEY' order by k.ordinal_position`);
      expect(
        keys.map((k) => k.column_name),
        c.name,
      ).toEqual(['tenant_id', 'id']);
    }
  });
});

describe('encryption at rest', () => {
  let passport: SeededPassport;
  let inquiryId: string;
  beforeAll(async () => {
    const who = await signUp(t.app, 'acme');
    passport = await seedPassport(t.app, who);
    // An identity inquiry typed and decided with the passport's ID number (the fake verifier reads back what was typed);
    // rejected, so the passport's own values stay as seeded.
    nextVerdict.outcome = 'rejected';
    inquiryId = (await verifyThroughApi(t.app, who, { ...TYPED, documentNumber: passport.values.idNumber }))._id;
  });

  it('stores ciphertext, never the plain value, for every field classified as encrypted, written through the API', async () => {
    const { values } = passport;
    const written: Record<string, { plain: string; id: string; within?: boolean }> = {
      ssn: { plain: values.ssn, id: passport.profileId },
      tin: { plain: values.tin, id: passport.profileId },
      ein: { plain: values.ein, id: passport.profileId },
      'business-ein': { plain: values.businessEin, id: passport.businessId },
      'gov-id-number': { plain: values.idNumber, id: passport.govPhotoId },
      'account-number': { plain: values.accountNumber, id: passport.accountId },
      // JSON values: the document number is one field among the typed ones and the document's.
      'identity-typed': { plain: values.idNumber, id: inquiryId, within: true },
      'identity-decision': { plain: values.idNumber, id: inquiryId, within: true },
      // The ID's back, parsed: its text shows the number (issue #21).
      'document-text': { plain: values.idNumber, id: passport.backDocumentId, within: true },
    };
    // A newly classified encrypted field fails here until the passport factory writes it and this maps it.
    expect(Object.keys(written).sort()).toEqual(ENCRYPTED_COLUMNS.map((c) => c.name).sort());
    for (const c of ENCRYPTED_COLUMNS) {
      const { plain, id, within } = written[c.name]!;
      const [row] = await rows<{ value: string }>(
        sql`select ${sql.identifier(c.column)} as value from ${sql.identifier(c.table)} where id = ${id}`,
      );
      const stored = row!.value;
      expect(stored, c.name).toMatch(new RegExp(`^v1:${t.app.cipher.keyId}:`));
      expect(stored, c.name).not.toContain(plain);
      expect(stored, c.name).not.toContain(plain.replace(/\W/g, ''));
      const decrypted = t.app.cipher.decrypt(stored);
      if (within) expect(decrypted, c.name).toMatch(new RegExp(`(^|[" ])${plain}($|[" ])`));
      else expect(decrypted.replace(/\W/g, ''), c.name).toBe(plain.replace(/\W/g, ''));
    }
  });

  it('searches encrypted text by keyed word hashes that hold nothing of the words, and keeps no plain copy', async () => {
    const [row] = await rows<{ terms: string[]; legacy: string | null }>(
      sql`select parsed_terms as terms, parsed_text as legacy from documents where id = ${passport.backDocumentId}`,
    );
    expect(row!.legacy).toBeNull();
    expect(row!.terms).toEqual(t.app.cipher.searchTerms(`Passport back ${passport.values.idNumber}`));
    expect(row!.terms).toHaveLength(3);
    for (const term of row!.terms) {
      expect(term).toMatch(/^[\w-]{16}$/);
      expect(term.toLowerCase()).not.toContain(passport.values.idNumber.toLowerCase());
    }
  });

  it('keeps the fields classified as plain readable by the database (birth date)', async () => {
    const [row] = await rows<{ birth_date: string }>(
      sql`select birth_date::text from individual_profiles where id = ${passport.profileId}`,
    );
    expect(row!.birth_date).toBe(passport.values.birthDate);
  });
});

describe('the PII scan (test/pii-scan.ts)', () => {
  it('finds a seeded value in a log line, written as given or as bare digits, and ignores masked forms', async () => {
    registerPii('ssn', '987-65-4329');
    const logs = captureLogs();
    logs.stream.write('{"msg":"masked ***-**-4329 is fine"}\n');
    expect(findLeaks({ app: t.app, lines: logs.lines })).toEqual([]);
    logs.stream.write('{"req":{"url":"/api/v1/x?q=987654329"}}\n');
    expect(findLeaks({ app: t.app, lines: logs.lines })).toEqual([expect.stringContaining(`ssn '987-65-4329' in log`)]);
  });

  it('sees what the app itself logs, through production redaction: a PII key is censored, a value in a message is caught', () => {
    const { app, logs } = t;
    registerPii('ssn', '987-65-4328');
    app.log.info({ ssn: '987-65-4328', profile: { tin: '987-65-4328' } }, 'a classified key');
    expect(logs.at(-1)).toContain('[redacted]');
    expect(findLeaks({ app, lines: logs })).toEqual([]);
    app.log.debug(`a message naming 987-65-4328`);
    expect(findLeaks({ app, lines: logs })).toEqual([expect.stringContaining('a message naming')]);
    // Taken back out, so this file's own scan passes.
    logs.pop();
  });

  it('logs a failed query without the values it was given (drizzle puts them in the error message)', async () => {
    const { app, logs } = t;
    registerPii('ssn', '987-65-4327');
    const err = await app.db.execute(sql`select ${'987-65-4327'}::int`).catch((e: unknown) => e);
    expect(String(err)).toContain('987-65-4327');
    app.log.error({ err }, 'unhandled error');
    expect(logs.at(-1)).toContain('Failed query: select $1::int; database error 22P02');
    expect(findLeaks({ app, lines: logs })).toEqual([]);
  });
});
