import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp } from '../../test/factories.ts';
import { seedPassport } from '../../test/pii-factories.ts';
import { fakeVerifier, nextVerdict, TYPED, verifyThroughApi } from '../modules/identity-verification/identity-verification.test-helpers.ts';
import { appSecrets, webhookEndpoints } from '../db/schema/index.ts';
import { ciphertextKeyId, FieldCipher } from './crypto.ts';
import { countOtherKeyValues, generateKey, KEY_SECRET, loadFieldCipher, NEXT_KEY_SECRET, rotateEncryptionKey } from './key-rotation.ts';
import { ENCRYPTED_COLUMNS } from './pii.ts';

let t: TestApp;
/** Every encrypted value's plain text before any rotation, by 'table.column/tenant/id'. */
const plain = new Map<string, string>();

beforeAll(async () => {
  // No ENCRYPTION_KEY: the key is generated once and kept in app_secrets.
  t = await buildTestApp({}, { verifyIdentityDocument: fakeVerifier });
  // Rejected verdicts, so the passports' own values stay as seeded.
  nextVerdict.outcome = 'rejected';
  for (const slug of ['acme', 'globex']) {
    for (let i = 0; i < 2; i++) {
      const who = await signUp(t.app, slug);
      const { values } = await seedPassport(t.app, who);
      // An identity inquiry typed and decided: its typed fields and the verdict are encrypted columns too.
      await verifyThroughApi(t.app, who, { ...TYPED, documentNumber: values.idNumber }, slug);
    }
  }
  for (const value of await storedValues()) plain.set(value.ref, t.app.cipher.decrypt(value.stored));
  // A tenant's seal key (lib/seal/local-key.ts), kept in app_secrets under the same cipher.
  await t.app.db.insert(appSecrets).values({ key: SEAL_KEY, value: t.app.cipher.encrypt(SEAL_PLAIN) });
  // A webhook endpoint's signing secret (issue #23), kept under the same cipher.
  await t.app.db.insert(webhookEndpoints).values({
    tenantId: t.tenants.acme.id,
    id: WEBHOOK_ENDPOINT,
    url: 'https://hooks.example.com/in',
    events: ['lead.created'],
    secretEncrypted: t.app.cipher.encrypt(WEBHOOK_SECRET),
    secretPrefix: WEBHOOK_SECRET.slice(0, 10),
  });
});
const WEBHOOK_ENDPOINT = '6745a1c2e4b0a1b2c3d4e801';
const WEBHOOK_SECRET = 'whsec_the-signing-secret-of-an-endpoint-0123456';
const webhookSecret = async () =>
  (await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, WEBHOOK_ENDPOINT)))[0]!.secretEncrypted;
const SEAL_KEY = 'seal:6745a1c2e4b0a1b2c3d4e5f0';
const SEAL_PLAIN = JSON.stringify({ key: 'the tenant seal key', certificate: 'its certificate' });
afterAll(async () => {
  await t?.close();
});

async function storedValues(): Promise<{ ref: string; stored: string }[]> {
  const all: { ref: string; stored: string }[] = [];
  for (const c of ENCRYPTED_COLUMNS) {
    const result = (await t.app.db.execute(
      sql`select tenant_id, id, ${sql.identifier(c.column)} as stored from ${sql.identifier(c.table)} where ${sql.identifier(c.column)} is not null`,
    )) as unknown as { rows: { tenant_id: string; id: string; stored: string }[] };
    all.push(...result.rows.map((r) => ({ ref: `${c.table}.${c.column}/${r.tenant_id}/${r.id}`, stored: r.stored })));
  }
  return all;
}

const secret = async (key: string) => (await t.app.db.select().from(appSecrets).where(eq(appSecrets.key, key)))[0]?.value;

/** Every value decrypts, with this cipher alone, to what it was before any rotation; and all use its key. */
async function expectAllUnder(cipher: FieldCipher) {
  const values = await storedValues();
  expect(values.length).toBe(plain.size);
  for (const { ref, stored } of values) {
    expect(ciphertextKeyId(stored), ref).toBe(cipher.keyId);
    expect(cipher.decrypt(stored), ref).toBe(plain.get(ref));
  }
  // Search terms are keyed by the current key as well (parsed document text): made again with each value.
  for (const c of ENCRYPTED_COLUMNS.filter((column) => column.searchTerms)) {
    const result = (await t.app.db.execute(
      sql`select ${sql.identifier(c.column)} as stored, ${sql.identifier(c.searchTerms!)} as terms from ${sql.identifier(c.table)} where ${sql.identifier(c.column)} is not null`,
    )) as unknown as { rows: { stored: string; terms: string[] }[] };
    expect(result.rows.length, c.name).toBeGreaterThan(0);
    for (const row of result.rows) expect(row.terms, c.name).toEqual(cipher.searchTerms(cipher.decrypt(row.stored)));
  }
}

describe('npm run rotate-key (lib/key-rotation.ts)', () => {
  it('covers every classified field, and the seeded data has several values of each', async () => {
    for (const c of ENCRYPTED_COLUMNS)
      expect([...plain.keys()].filter((ref) => ref.startsWith(`${c.table}.${c.column}/`)).length, c.name).toBeGreaterThanOrEqual(4);
  });

  it('moves a database-kept key in resumable batches; every value still decrypts and the old key is gone', async () => {
    const config = { encryptionKey: undefined, encryptionKeyPrevious: [] };
    const oldKey = (await secret(KEY_SECRET))!;
    const oldKeyId = t.app.cipher.keyId;

    // Interrupted after two batches of one row: part moved, the target key kept for the next run.
    const partial = await rotateEncryptionKey(t.app.db, config, { batchSize: 1, maxBatches: 2 });
    expect(partial.complete).toBe(false);
    const nextKey = (await secret(NEXT_KEY_SECRET))!;
    expect(nextKey).toBeTruthy();
    const keyIds = new Set((await storedValues()).map((v) => ciphertextKeyId(v.stored)));
    expect(keyIds).toEqual(new Set([oldKeyId, partial.keyId]));
    // An app started now reads both kinds of value.
    const midway = await loadFieldCipher(t.app.db, config);
    for (const { ref, stored } of await storedValues()) expect(midway.decrypt(stored), ref).toBe(plain.get(ref));

    // The next run resumes with the same key and finishes.
    const done = await rotateEncryptionKey(t.app.db, config, { batchSize: 3 });
    expect(done).toMatchObject({ complete: true, keyId: partial.keyId, source: 'database' });
    // Every value but the two moved before, the tenant's seal key and the webhook endpoint's secret.
    expect(Object.values(done.reEncrypted).reduce((a, b) => a + b, 0)).toBe(plain.size - 2 + 2);
    expect(new FieldCipher(nextKey).decrypt((await secret(SEAL_KEY))!)).toBe(SEAL_PLAIN);
    expect(new FieldCipher(nextKey).decrypt(await webhookSecret())).toBe(WEBHOOK_SECRET);
    expect(await secret(KEY_SECRET)).toBe(nextKey);
    expect(await secret(NEXT_KEY_SECRET)).toBeUndefined();
    expect(Object.values(await countOtherKeyValues(t.app.db, done.keyId)).every((n) => n === 0)).toBe(true);
    await expectAllUnder(new FieldCipher(nextKey));
    // No value needs the old key any more, and it is no longer kept anywhere.
    for (const { stored } of await storedValues()) expect(() => new FieldCipher(oldKey).decrypt(stored)).toThrow();
    expect((await t.app.db.select().from(appSecrets)).map((r) => r.value)).not.toContain(oldKey);
  });

  it('moves to ENCRYPTION_KEY from ENCRYPTION_KEY_PREVIOUS, and suggests a key when there is nothing to move', async () => {
    const from = generateKey();
    const to = generateKey();
    // Put every value under an environment key first (the database's own key is read as a previous one).
    await rotateEncryptionKey(t.app.db, { encryptionKey: from, encryptionKeyPrevious: [] });
    await expectAllUnder(new FieldCipher(from));
    expect(await secret(KEY_SECRET)).toBeUndefined();

    const result = await rotateEncryptionKey(t.app.db, { encryptionKey: to, encryptionKeyPrevious: [from] }, { batchSize: 5 });
    expect(result).toMatchObject({ complete: true, source: 'environment', keyId: new FieldCipher(to).keyId });
    expect(result.suggestedKey).toBeUndefined();
    await expectAllUnder(new FieldCipher(to));

    // Idempotent: a run with nothing under another key moves nothing.
    const nothing = await rotateEncryptionKey(t.app.db, { encryptionKey: to, encryptionKeyPrevious: [] });
    expect(Object.values(nothing.reEncrypted).every((n) => n === 0)).toBe(true);
    expect(nothing.suggestedKey).toMatch(/^[\w-]{64}$/);
  });
});
