import { randomBytes } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { Config } from '../config/index.ts';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';
import { FieldCipher, keyIdOf } from './crypto.ts';
import { ENCRYPTED_COLUMNS } from './pii.ts';
import { resolveSecret } from './tokens.ts';

/** What the result calls the tenants' seal keys kept in app_secrets. */
const SEAL_SECRETS = 'app_secrets.seal';
/** What the result calls the webhook endpoints' signing secrets (issue #23). */
export const WEBHOOK_SECRETS = 'webhook_endpoints.secret_encrypted';

/** The app_secrets row holding the database-kept key (when ENCRYPTION_KEY is not set). */
export const KEY_SECRET = 'encryption';
/** The key a rotation of the database-kept key is moving to, kept until every value uses it: so a rotation can resume. */
export const NEXT_KEY_SECRET = 'encryption:next';

type KeyConfig = Pick<Config, 'encryptionKey' | 'encryptionKeyPrevious'>;

async function readSecret(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, key));
  return row?.value;
}

export const generateKey = () => randomBytes(48).toString('base64url');

/** A text[] parameter in raw SQL (drizzle sends a JS array as a record otherwise); the terms are base64url, never quoted. */
const toTextArray = (values: string[]) => sql`${`{${values.join(',')}}`}::text[]`;

/**
 * The app's cipher. It encrypts with ENCRYPTION_KEY, or the key generated once and kept in app_secrets; it also
 * decrypts with ENCRYPTION_KEY_PREVIOUS, the database's key when ENCRYPTION_KEY replaced it, and the key an
 * interrupted rotation was moving to: every value written under any of them stays readable.
 */
export async function loadFieldCipher(db: Db, config: KeyConfig): Promise<FieldCipher> {
  const current = await resolveSecret(db, KEY_SECRET, config.encryptionKey);
  const stored = config.encryptionKey ? await readSecret(db, KEY_SECRET) : undefined;
  const next = await readSecret(db, NEXT_KEY_SECRET);
  return new FieldCipher(current, [...config.encryptionKeyPrevious, ...[stored, next].filter((k): k is string => Boolean(k))]);
}

export interface RotationOptions {
  /** Rows re-encrypted per transaction. */
  batchSize?: number;
  /** Stop after this many batches (tests use it to interrupt a rotation); the rotation is then incomplete. */
  maxBatches?: number;
}

export interface RotationResult {
  /** Where the key lives: app_secrets, or ENCRYPTION_KEY in the environment. */
  source: 'database' | 'environment';
  /** The id of the key every value now uses (or will, once an incomplete rotation is run again). */
  keyId: string;
  /** Values re-encrypted in this run, by classified field. */
  reEncrypted: Record<string, number>;
  complete: boolean;
  /** Environment keys only, when there was nothing to move: a fresh key and the steps to rotate to it. */
  suggestedKey?: string;
}

/** Counts, by classified field, the values not (yet) made with the given key. */
export async function countOtherKeyValues(db: Db, keyId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const c of ENCRYPTED_COLUMNS) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(c.table)} where ${sql.identifier(c.column)} is not null and split_part(${sql.identifier(c.column)}, ':', 2) <> ${keyId}`,
    )) as unknown as { rows: { n: number }[] };
    counts[c.name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * Re-encrypts every classified encrypted value (lib/pii.ts ENCRYPTED_COLUMNS) that is not under the target key, in
 * batches, one transaction each, rows locked while they change. Idempotent: values already under the target are
 * left alone, so running it again resumes an interrupted rotation and does nothing after a complete one.
 *
 * - Database-kept key: the target is a new key, stored as 'encryption:next' before any value uses it (a re-run
 *   resumes with the same key); when every value is moved it becomes 'encryption' and the old key is deleted.
 *   The API reads only the keys it loaded at start-up, so stop it while this runs (or restart it after).
 * - ENCRYPTION_KEY: the target is ENCRYPTION_KEY itself and the old keys come from ENCRYPTION_KEY_PREVIOUS (and a
 *   database-kept key it replaced); run with the API already on the new key, then drop ENCRYPTION_KEY_PREVIOUS.
 */
export async function rotateEncryptionKey(db: Db, config: KeyConfig, options: RotationOptions = {}): Promise<RotationResult> {
  const batchSize = options.batchSize ?? 500;
  const source = config.encryptionKey ? 'environment' : 'database';
  const oldStored = await readSecret(db, KEY_SECRET);
  let target: string;
  if (config.encryptionKey) {
    target = config.encryptionKey;
  } else {
    await db.insert(appSecrets).values({ key: NEXT_KEY_SECRET, value: generateKey() }).onConflictDoNothing();
    target = (await readSecret(db, NEXT_KEY_SECRET))!;
  }
  const sources = [
    ...config.encryptionKeyPrevious,
    ...[oldStored, await readSecret(db, NEXT_KEY_SECRET)].filter((k): k is string => Boolean(k)),
  ];
  const cipher = new FieldCipher(target, sources);
  const reEncrypted: Record<string, number> = {};
  let batches = 0;
  let complete = true;

  for (const c of ENCRYPTED_COLUMNS) {
    reEncrypted[c.name] = 0;
    const table = sql.identifier(c.table);
    const column = sql.identifier(c.column);
    for (;;) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) {
        complete = false;
        break;
      }
      batches++;
      const moved = await db.transaction(async (tx) => {
        const result = (await tx.execute(sql`
          select tenant_id, id, ${column} as value from ${table}
          where ${column} is not null and split_part(${column}, ':', 2) <> ${cipher.keyId}
          order by tenant_id, id limit ${batchSize} for update`)) as unknown as {
          rows: { tenant_id: string; id: string; value: string }[];
        };
        for (const row of result.rows) {
          const plain = cipher.decrypt(row.value);
          const value = cipher.encrypt(plain);
          // Search terms are keyed by the current key too (parsed document text): made again from the text.
          const terms = c.searchTerms ? sql`, ${sql.identifier(c.searchTerms)} = ${toTextArray(cipher.searchTerms(plain))}` : sql``;
          await tx.execute(sql`update ${table} set ${column} = ${value}${terms} where tenant_id = ${row.tenant_id} and id = ${row.id}`);
        }
        return result.rows.length;
      });
      reEncrypted[c.name]! += moved;
      if (moved < batchSize) break;
    }
    if (!complete) break;
  }

  // The tenants' seal keys (lib/seal/local-key.ts) are app secrets encrypted with the same cipher: moved too, or a
  // rotated database key would leave every tenant unable to seal its letters.
  if (complete) {
    reEncrypted[SEAL_SECRETS] = await db.transaction(async (tx) => {
      const rows = await tx.select().from(appSecrets).where(like(appSecrets.key, 'seal:%')).for('update');
      let n = 0;
      for (const row of rows) {
        if (row.value.split(':')[1] === cipher.keyId) continue;
        await tx
          .update(appSecrets)
          .set({ value: cipher.encrypt(cipher.decrypt(row.value)) })
          .where(eq(appSecrets.key, row.key));
        n++;
      }
      return n;
    });
  }

  // The webhook endpoints' signing secrets (modules/webhooks) are read back to sign each delivery: moved too, or
  // deliveries would stop once the old key is gone.
  if (complete) {
    reEncrypted[WEBHOOK_SECRETS] = await db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
        select tenant_id, id, secret_encrypted as value from webhook_endpoints
        where split_part(secret_encrypted, ':', 2) <> ${cipher.keyId} for update`)) as unknown as {
        rows: { tenant_id: string; id: string; value: string }[];
      };
      for (const row of result.rows) {
        const value = cipher.encrypt(cipher.decrypt(row.value));
        await tx.execute(
          sql`update webhook_endpoints set secret_encrypted = ${value} where tenant_id = ${row.tenant_id} and id = ${row.id}`,
        );
      }
      return result.rows.length;
    });
  }

  if (complete) {
    await db.transaction(async (tx) => {
      if (config.encryptionKey) {
        // The environment's key is the only one needed now: the database keeps none.
        await tx.delete(appSecrets).where(inArray(appSecrets.key, [KEY_SECRET, NEXT_KEY_SECRET]));
      } else {
        await tx
          .insert(appSecrets)
          .values({ key: KEY_SECRET, value: target })
          .onConflictDoUpdate({ target: appSecrets.key, set: { value: target } });
        await tx.delete(appSecrets).where(eq(appSecrets.key, NEXT_KEY_SECRET));
      }
    });
  }
  const moved = Object.values(reEncrypted).some((n) => n > 0);
  const nothingToMove = source === 'environment' && !moved && config.encryptionKeyPrevious.length === 0 && !oldStored;
  return { source, keyId: keyIdOf(target), reEncrypted, complete, ...(nothingToMove && { suggestedKey: generateKey() }) };
}
