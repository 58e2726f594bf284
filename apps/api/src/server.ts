import './threadpool.ts';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/index.ts';
import { seed } from './db/seed.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  const seeded = await seed(app.db, {
    defaultTenant: config.defaultTenant,
    demoData: config.demoData,
    admin: config.admin,
    storage: app.storage,
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Tessera is running at ${address}`,
    `  Tenant '${seeded.tenant.slug}' at ${address} and http://${seeded.tenant.slug}.localhost:${config.port}`,
    config.demoData ? `  Second demo tenant (own branding): http://northwind.localhost:${config.port}` : '',
    `  API reference: ${address}/api/v1/docs`,
    config.devMailbox !== 'off' && !config.smtpUrl
      ? config.devMailbox === 'on' || ['127.0.0.1', '::1', 'localhost'].includes(config.host)
        ? `  Dev mailbox (e-mails the app sends): ${address}/dev/mailbox`
        : `  Dev mailbox: off while listening on ${config.host} (HOST=127.0.0.1 or DEV_MAILBOX=1 turns it on)`
      : '',
    `  Database: ${config.databaseUrl ? `PostgreSQL (DATABASE_URL), queries as ${config.appDatabaseUrl ? 'APP_DATABASE_URL' : 'tessera_app'} under row-level security` : `embedded PGlite in ${config.dataDir}`}`,
    ...(seeded.accounts.length
      ? ['', '  Accounts:', ...seeded.accounts.map((a) => `    ${a.role.padEnd(15)} ${a.email}  ${a.password}`)]
      : []),
    '',
  ].filter((l) => l !== '');
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Tessera failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
