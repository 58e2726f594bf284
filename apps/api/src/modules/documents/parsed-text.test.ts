import { type DocumentRecord } from '@tessera/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { callerOf, signUp, useTestApp } from '../../../test/factories.ts';
import { makePdf, uploadDocument } from './documents.test-helpers.ts';
import { sealLegacyParsedTextUnscoped } from './index.ts';

// Parsed document text is classified (issue #21, lib/pii.ts 'document-text'): encrypted at rest, searched through keyed
// hashes of its words, never stored or returned plain.
let t: TestApp;
useTestApp(async (app) => {
  t = app;
});
const call = callerOf(() => t.app);

async function upload(who: Awaited<ReturnType<typeof signUp>>, name: string, text: string): Promise<DocumentRecord> {
  const res = await uploadDocument(t.app, who, { name, data: makePdf(text) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const raw = async (id: string) => (await t.app.db.select().from(documents).where(eq(documents.id, id)))[0]!;

describe('parsed document text', () => {
  it('is stored encrypted with keyed word hashes, never plain, and search still finds its words', async () => {
    const owner = await signUp(t.app, 'acme');
    const text = 'Tax ID 987-65-4321 issued to Zelda Quartermaine';
    const doc = await upload(owner, 'scan.pdf', text);
    const parsed = await call(owner, 'POST', `document/${doc._id}/parse`);
    expect(parsed.statusCode, parsed.body).toBe(200);
    expect(parsed.json().data).toMatchObject({ characters: text.length, document: { parsed: true } });
    expect(parsed.body).not.toContain('Quartermaine');

    const row = await raw(doc._id);
    expect(row.legacyParsedText).toBeNull();
    expect(row.parsedTextEncrypted).toMatch(new RegExp(`^v1:${t.app.cipher.keyId}:`));
    // The raw columns hold neither the text nor any word of it.
    const stored = JSON.stringify([row.parsedTextEncrypted, row.parsedTerms]);
    for (const word of ['Quartermaine', 'quartermaine', 'Zelda', '987-65-4321', '4321', '98765']) expect(stored).not.toContain(word);
    expect(t.app.cipher.decrypt(row.parsedTextEncrypted!)).toBe(text);

    const ids = async (search: string) =>
      (await call(owner, 'GET', `document?search=${encodeURIComponent(search)}`)).json().data.map((d: DocumentRecord) => d._id);
    expect(await ids('quartermaine')).toEqual([doc._id]);
    // Every word of the search, in any case and order; a number as its groups of digits.
    expect(await ids('QUARTERMAINE zelda')).toEqual([doc._id]);
    expect(await ids('987-65-4321')).toEqual([doc._id]);
    // Whole words only inside the text (the name, file name and description still match any part).
    expect(await ids('quarter')).toEqual([]);
    expect(await ids('zelda nobody')).toEqual([]);
    expect(await ids('scan')).toEqual([doc._id]);
    // Another person's search with the same word finds nothing of it.
    const other = await signUp(t.app, 'acme');
    expect((await call(other, 'GET', 'document?search=quartermaine')).json().data).toEqual([]);
  });

  it('text parsed before it was classified is encrypted at start-up, once, and stays searchable', async () => {
    const owner = await signUp(t.app, 'acme');
    const doc = await upload(owner, 'old.pdf', 'anything');
    // A row as the previous version left it: the text plain in parsed_text, nothing in the new columns.
    await t.app.db
      .update(documents)
      .set({ legacyParsedText: 'Legacy ledger Ximenez', parsedTextEncrypted: null, parsedTerms: null })
      .where(eq(documents.id, doc._id));
    expect((await call(owner, 'GET', `document/${doc._id}`)).json().data.parsed).toBe(true);

    // What buildApp runs before the first request; small batches to walk more than one.
    expect(await sealLegacyParsedTextUnscoped(t.app.db, t.app.cipher, 1)).toBeGreaterThanOrEqual(1);
    expect(await sealLegacyParsedTextUnscoped(t.app.db, t.app.cipher)).toBe(0);
    const row = await raw(doc._id);
    expect(row.legacyParsedText).toBeNull();
    expect(t.app.cipher.decrypt(row.parsedTextEncrypted!)).toBe('Legacy ledger Ximenez');
    const left = (await t.app.db.execute(sql`select count(*)::int as n from documents where parsed_text is not null`)) as unknown as {
      rows: { n: number }[];
    };
    expect(left.rows[0]!.n).toBe(0);
    const found = (await call(owner, 'GET', 'document?search=ximenez')).json().data as DocumentRecord[];
    expect(found.map((d) => [d._id, d.parsed])).toEqual([[doc._id, true]]);
  });
});
