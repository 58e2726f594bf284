import { join } from 'node:path';
import { ConfigError, loadConfig } from './config/index.ts';
import { createDatabase } from './db/client.ts';
import { countOtherKeyValues, rotateEncryptionKey } from './lib/key-rotation.ts';

/**
 * `npm run rotate-key`: re-encrypts every classified field under a new key (lib/key-rotation.ts). Uses the same
 * configuration as the server (DATABASE_URL or DATA_DIR, ENCRYPTION_KEY, ENCRYPTION_KEY_PREVIOUS).
 */
async function main() {
  const config = loadConfig();
  const batchSize = process.env.ROTATE_BATCH_SIZE ? Number(process.env.ROTATE_BATCH_SIZE) : undefined;
  const database = await createDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    const result = await rotateEncryptionKey(database.db, config, { batchSize });
    const out = (line: string) => process.stdout.write(`${line}\n`);
    for (const [field, n] of Object.entries(result.reEncrypted)) out(`  ${field.padEnd(16)} ${n} re-encrypted`);
    const left = Object.values(await countOtherKeyValues(database.db, result.keyId)).reduce((a, b) => a + b, 0);
    if (!result.complete || left > 0) throw new Error(`${left} values are not yet under key ${result.keyId}: run the command again`);
    if (result.suggestedKey) {
      out('Every value already uses ENCRYPTION_KEY. To rotate it:');
      out(`  1. set ENCRYPTION_KEY=${result.suggestedKey}`);
      out('     and ENCRYPTION_KEY_PREVIOUS=<the current ENCRYPTION_KEY>, and restart the API (it reads both)');
      out('  2. run npm run rotate-key again');
      out('  3. remove ENCRYPTION_KEY_PREVIOUS and restart the API');
    } else if (result.source === 'environment') {
      out(`Every value now uses ENCRYPTION_KEY (key id ${result.keyId}). Remove ENCRYPTION_KEY_PREVIOUS and restart the API.`);
    } else {
      out(`Every value now uses the new database-kept key (key id ${result.keyId}); the old key is deleted. Restart the API.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `rotate-key failed: ${error instanceof ConfigError || !(error instanceof Error) ? String(error instanceof Error ? error.message : error) : (error.stack ?? error.message)}\n`,
  );
  process.exit(1);
});
