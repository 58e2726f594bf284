import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { appType } from '@tessera/domain';
import { z } from 'zod';
import type { PersonaConfig } from '../lib/identity/persona-provider.ts';
import type { EsignConfig } from '../lib/esign/index.ts';
import type { SealConfig } from '../lib/seal/index.ts';
import { DEFAULT_PRICING, loadPricingFile, type PricingConfig } from '../lib/payments/pricing.ts';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'], { error: 'must be 0, 1, true or false' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Seconds, fractions allowed (a test sets a timeout of half a second), at least 1 ms and at most a day. */
const seconds = (fallback: number) => z.coerce.number().min(0.001).max(86_400).default(fallback);

/** A proxy address or range as Fastify's trustProxy (proxy-addr) takes it: an IP, an IP/prefix, or a named range. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies in front of the app may say who the client is (X-Forwarded-For, -Proto, -Host).
 * Off (0, false, no), a number of hops (true, yes = 1), or the proxies' addresses or ranges, comma-separated. The
 * client's address is then the first one, from the right of X-Forwarded-For, that a trusted proxy did not write: what
 * a client writes there itself never becomes its address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['', '0', 'false', 'no'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= 32) return hops;
    } else {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (entries.length && !bad.length) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'must be 0 or false, a number of proxy hops (1 to 32; true is 1), or proxy addresses or ranges separated by commas (10.0.0.1, 10.0.0.0/8, loopback)',
    });
    return z.NEVER;
  });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** The settings the Persona adapter cannot start without. */
const PERSONA_REQUIRED = ['PERSONA_API_KEY', 'PERSONA_TEMPLATE_ID', 'PERSONA_ENVIRONMENT_ID', 'PERSONA_WEBHOOK_SECRET'] as const;
export const PERSONA_DEFAULT_API_URL = 'https://withpersona.com/api/v1';
/** The settings the Stripe adapter cannot start without. */
const STRIPE_REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
export const STRIPE_DEFAULT_API_URL = 'https://api.stripe.com';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalText,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
    APP_DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
    BASE_DOMAIN: z.string().default('localhost'),
    DEFAULT_TENANT: z.string().default('demo'),
    APP_TYPE: appType.default('platform'),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'must be an e-mail address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').max(128).optional()),
    DEMO_DATA: bool.optional(),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
    SESSION_MAX_HOURS: z.coerce.number().min(1).max(720).default(12),
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
    MAIL_FROM: z.string().default('Tessera <no-reply@tessera.local>'),
    DEV_MAILBOX: optionalText.pipe(bool.optional()),
    REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional()),
    CORS_ORIGINS: optionalText,
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
    AUTH_ACCOUNT_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    AUTH_RESET_LIMIT_MAX: z.coerce.number().int().min(1).default(3),
    ANALYTICS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    PARSE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    WORKER_THREADS: z.coerce.number().int().min(1).max(32).optional(),
    WORKER_TASK_TIMEOUT_SECONDS: seconds(20),
    WORKER_TASKS_PER_USER: z.coerce.number().int().min(1).default(2),
    WORKER_TASKS_PER_TENANT: z.coerce.number().int().min(1).default(4),
    BODY_TIMEOUT_SECONDS: seconds(30),
    UPLOAD_TIMEOUT_SECONDS: seconds(300),
    HEADERS_TIMEOUT_SECONDS: seconds(20),
    KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
    IDLE_TIMEOUT_SECONDS: seconds(120),
    ENCRYPTION_KEY: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    ENCRYPTION_KEY_PREVIOUS: optionalText.transform((v, ctx) => {
      const keys = v
        ? v
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean)
        : [];
      if (keys.some((k) => k.length < 32)) ctx.addIssue({ code: 'custom', message: 'each key must be at least 32 characters' });
      return keys;
    }),
    UPLOAD_MAX_MB: z.coerce.number().min(1).max(1024).default(25),
    STORAGE_DIR: optionalText,
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: bool.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../../web/dist')),
    TRUST_PROXY: trustProxy.default(false),
    PASSWORD_HASH: z.enum(['standard', 'test'], { error: 'must be standard or test' }).default('standard'),
    IDENTITY_PROVIDER: z.enum(['builtin', 'persona'], { error: 'must be builtin or persona' }).default('builtin'),
    PERSONA_API_KEY: optionalText,
    PERSONA_TEMPLATE_ID: optionalText,
    PERSONA_ENVIRONMENT_ID: optionalText,
    PERSONA_WEBHOOK_SECRET: optionalText,
    PERSONA_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional()),
    SEAL_PROVIDER: z.enum(['local', 'remote'], { error: 'must be local or remote' }).default('local'),
    SEAL_URL: optionalText.pipe(z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional()),
    SEAL_TOKEN: optionalText,
    ESIGN_PROVIDER: z.enum(['builtin', 'external'], { error: 'must be builtin or external' }).default('builtin'),
    ESIGN_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional()),
    ESIGN_ACCOUNT_ID: optionalText,
    ESIGN_TOKEN: optionalText,
    ESIGN_WEBHOOK_SECRET: optionalText,
    ESIGN_TEMPLATE_ID: optionalText,
    // Webhooks (issue #23).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
    WEBHOOK_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
    // Billing (issue #23): who takes payments, Stripe's keys, and the plans' prices.
    PAYMENTS_PROVIDER: z.enum(['builtin', 'stripe'], { error: 'must be builtin or stripe' }).default('builtin'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional()),
    BILLING_PRICING_FILE: optionalText,
    // The AI advisor (issue #24): the built-in offline advisor, or any OpenAI-compatible chat endpoint.
    ADVISOR_PROVIDER: z.enum(['builtin', 'openai'], { error: 'must be builtin or openai' }).default('builtin'),
    ADVISOR_OPENAI_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional()),
    ADVISOR_OPENAI_MODEL: optionalText,
    ADVISOR_OPENAI_API_KEY: optionalText,
    ADVISOR_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    ADVISOR_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
    // Speed at scale (issue #25): how long raw analytics events are kept (rollups are kept), and the public cache.
    ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
    PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  })
  .refine((env) => !env.S3_BUCKET || (env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    path: ['S3_BUCKET'],
  })
  .refine((env) => !env.APP_DATABASE_URL || env.DATABASE_URL, {
    message: 'APP_DATABASE_URL needs DATABASE_URL (the owner, who runs the migrations)',
    path: ['APP_DATABASE_URL'],
  })
  .refine((env) => !(env.DEV_MAILBOX && env.NODE_ENV === 'production'), {
    message: "the development mailbox shows every tenant's reset and invitation links: it is never served in production",
    path: ['DEV_MAILBOX'],
  })
  .refine((env) => env.BODY_TIMEOUT_SECONDS <= env.UPLOAD_TIMEOUT_SECONDS && env.HEADERS_TIMEOUT_SECONDS <= env.UPLOAD_TIMEOUT_SECONDS, {
    message: 'must be at least BODY_TIMEOUT_SECONDS and HEADERS_TIMEOUT_SECONDS',
    path: ['UPLOAD_TIMEOUT_SECONDS'],
  })
  .refine((env) => env.PASSWORD_HASH !== 'test' || env.NODE_ENV === 'test', {
    message: 'test is for the test suites only (NODE_ENV=test): it makes stored passwords cheap to guess',
    path: ['PASSWORD_HASH'],
  })
  .superRefine((env, ctx) => {
    if (env.IDENTITY_PROVIDER !== 'persona') return;
    for (const key of PERSONA_REQUIRED) {
      if (!env[key]) ctx.addIssue({ code: 'custom', message: 'IDENTITY_PROVIDER=persona needs it (see the README)', path: [key] });
    }
  })
  .superRefine((env, ctx) => {
    if (env.SEAL_PROVIDER !== 'remote') return;
    for (const key of ['SEAL_URL', 'SEAL_TOKEN'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', message: 'SEAL_PROVIDER=remote needs it (see the README)', path: [key] });
    }
  })
  .superRefine((env, ctx) => {
    if (env.ESIGN_PROVIDER !== 'external') return;
    for (const key of ['ESIGN_API_URL', 'ESIGN_ACCOUNT_ID', 'ESIGN_TOKEN', 'ESIGN_WEBHOOK_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', message: 'ESIGN_PROVIDER=external needs it (see the README)', path: [key] });
    }
  })
  .superRefine((env, ctx) => {
    if (env.ADVISOR_PROVIDER !== 'openai') return;
    for (const key of ['ADVISOR_OPENAI_BASE_URL', 'ADVISOR_OPENAI_MODEL'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', message: 'ADVISOR_PROVIDER=openai needs it (see the README)', path: [key] });
    }
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENTS_PROVIDER !== 'stripe') return;
    for (const key of STRIPE_REQUIRED) {
      if (!env[key]) ctx.addIssue({ code: 'custom', message: 'PAYMENTS_PROVIDER=stripe needs it (see the README)', path: [key] });
    }
  })
  .superRefine((env, ctx) => {
    // A key generated and kept in the database (lib/tokens.ts resolveSecret) sits beside what it protects: a dump of
    // the database would carry the PII and the key to it, and the means to forge sessions. Development and tests keep
    // generating them.
    if (env.NODE_ENV !== 'production') return;
    const required = {
      JWT_SECRET: 'signs sessions and e-mailed links',
      ENCRYPTION_KEY: 'encrypts the classified personal data',
    } as const;
    for (const [key, use] of Object.entries(required) as [keyof typeof required, string][]) {
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `required in production (NODE_ENV=production): it ${use}, and a key the app generated would be kept in the database beside the data. Set a random value of 32+ characters, e.g. the output of \`openssl rand -base64 48\` (README, "Secrets")`,
        });
    }
  })
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be given together',
    path: ['ADMIN_PASSWORD'],
  });

export type Env = z.infer<typeof envSchema>;
export type PasswordHashProfile = Env['PASSWORD_HASH'];

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; absent means the embedded PGlite in dataDir ('memory://' for tests). */
  databaseUrl: string | undefined;
  /** The login the app's queries use on PostgreSQL (a member of tessera_app); absent: DATABASE_URL switched to tessera_app. */
  appDatabaseUrl: string | undefined;
  baseDomain: string;
  defaultTenant: string;
  appType: Env['APP_TYPE'];
  admin: { email: string; password: string } | undefined;
  demoData: boolean;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  /** The longest a session lasts from sign-in, however often it is refreshed. */
  sessionMaxSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The development mailbox (mail kept in the outbox, shown to this machine): 'on' when DEV_MAILBOX=1 asked for it,
   * 'loopback' by default outside production without SMTP (served only while the server listens on loopback
   * addresses alone), 'off' in production and when DEV_MAILBOX=0.
   */
  devMailbox: 'on' | 'loopback' | 'off';
  redisUrl: string | undefined;
  corsOrigins: string[];
  /** authMax: auth calls per minute per address and route; accountSigninMax: sign-in attempts per account per 15 minutes; accountResetMax: reset mails per account per hour. */
  rateLimit: { authMax: number; analyticsMax: number; accountSigninMax: number; accountResetMax: number; parseMax: number };
  /** The worker pool for CPU-bound file work (lib/worker-pool.ts): threads (absent: the pool's default), time limit, shares. */
  workers: { threads: number | undefined; taskTimeoutMs: number; perUser: number; perTenant: number };
  /**
   * How long the HTTP server waits, in ms: for a request body (uploads get longer), for the request headers, for the
   * next request on a kept-alive connection, and for any sign of life on a connection.
   */
  timeouts: { bodyMs: number; uploadMs: number; headersMs: number; keepAliveMs: number; idleMs: number };
  /** Key for field encryption of classified PII; required in production, else generated once and kept in the database when absent. */
  encryptionKey: string | undefined;
  /** Keys that made older ciphertexts, still accepted for decryption while `npm run rotate-key` moves them to the current key. */
  encryptionKeyPrevious: string[];
  uploadMaxBytes: number;
  /** Local file storage root (default DATA_DIR/files). */
  storageDir: string;
  /** S3-compatible storage instead of the local disk, when a bucket is configured. */
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean }
    | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  /** Fastify's trustProxy: off, a number of hops, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** argon2id's cost: OWASP's minimum ('standard'), or the cheapest the library allows for the test suites ('test'). */
  passwordHash: PasswordHashProfile;
  /** Who verifies identities: the built-in verifier (offline, the default) or Persona with its settings. */
  identity: { provider: 'builtin' } | { provider: 'persona'; persona: PersonaConfig };
  /** Who seals documents (the accreditation letter): a per-tenant certificate kept here, or a remote signing service. */
  seal: SealConfig;
  /** Who signs subscription agreements: the built-in signer (offline, the default) or an external provider. */
  esign: EsignConfig;
  /**
   * Webhooks (issue #23): whether endpoints may be on loopback, private, link-local or other non-public addresses (off
   * by default: refused at registration and, after DNS resolution, at delivery), and how often the background
   * dispatcher sends due deliveries, in ms (0: no background dispatcher; the test suites drive it themselves).
   */
  webhooks: { allowPrivateTargets: boolean; dispatchIntervalMs: number };
  /** Billing (issue #23): the payment provider (built-in offline invoices by default, or Stripe) and the plans' pricing. */
  billing: {
    payments:
      | { provider: 'builtin' }
      | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string };
    pricing: PricingConfig;
  };
  /**
   * The AI advisor (issue #24): who answers (the built-in offline advisor, or an OpenAI-compatible chat endpoint with
   * its base URL, model and optional key), how long one answer may take, and the questions per user per minute.
   */
  advisor: {
    model: { provider: 'builtin' } | { provider: 'openai'; baseUrl: string; model: string; apiKey: string | undefined };
    timeoutMs: number;
    messagesPerMinute: number;
  };
  /** Analytics (issue #25): raw events older than this many days are deleted; the hourly/daily/monthly rollups stay. */
  analytics: { retentionDays: number };
  /**
   * The public cache (issue #25): signed-out marketplace answers, per tenant, in Redis when configured and in
   * process otherwise; entries are dropped when what they show changes, and live at most `ttlSeconds` (0: no cache).
   */
  publicCache: { ttlSeconds: number };
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let pricing = DEFAULT_PRICING;
  if (e.BILLING_PRICING_FILE) {
    try {
      pricing = loadPricingFile(resolve(source.INIT_CWD ?? process.cwd(), e.BILLING_PRICING_FILE));
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  BILLING_PRICING_FILE: ${(error as Error).message}`, { cause: error });
    }
  }
  // npm runs workspace scripts inside the workspace; relative paths mean the folder `npm start` was run from.
  const base = source.INIT_CWD ?? process.cwd();
  const dataDir = resolve(base, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // Outside production only this machine can reach the app (its demo accounts' passwords are in the README).
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appDatabaseUrl: e.APP_DATABASE_URL,
    baseDomain: e.BASE_DOMAIN.toLowerCase(),
    defaultTenant: e.DEFAULT_TENANT,
    appType: e.APP_TYPE,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    // The demo accounts' passwords are in the README: never created in production unless asked for.
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    sessionMaxSeconds: Math.round(e.SESSION_MAX_HOURS * 3600),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devMailbox:
      e.DEV_MAILBOX === true ? 'on' : e.DEV_MAILBOX === undefined && e.NODE_ENV !== 'production' && !e.SMTP_URL ? 'loopback' : 'off',
    redisUrl: e.REDIS_URL,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean)
      : [],
    rateLimit: {
      authMax: e.AUTH_RATE_LIMIT_MAX,
      analyticsMax: e.ANALYTICS_RATE_LIMIT_MAX,
      accountSigninMax: e.AUTH_ACCOUNT_LIMIT_MAX,
      accountResetMax: e.AUTH_RESET_LIMIT_MAX,
      parseMax: e.PARSE_RATE_LIMIT_MAX,
    },
    workers: {
      threads: e.WORKER_THREADS,
      taskTimeoutMs: Math.round(e.WORKER_TASK_TIMEOUT_SECONDS * 1000),
      perUser: e.WORKER_TASKS_PER_USER,
      perTenant: e.WORKER_TASKS_PER_TENANT,
    },
    timeouts: {
      bodyMs: Math.round(e.BODY_TIMEOUT_SECONDS * 1000),
      uploadMs: Math.round(e.UPLOAD_TIMEOUT_SECONDS * 1000),
      headersMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      keepAliveMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      idleMs: Math.round(e.IDLE_TIMEOUT_SECONDS * 1000),
    },
    encryptionKey: e.ENCRYPTION_KEY,
    encryptionKeyPrevious: e.ENCRYPTION_KEY_PREVIOUS,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    storageDir: e.STORAGE_DIR ? resolve(base, e.STORAGE_DIR) : resolve(dataDir, 'files'),
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(base, e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    passwordHash: e.PASSWORD_HASH,
    identity:
      e.IDENTITY_PROVIDER === 'persona' &&
      e.PERSONA_API_KEY &&
      e.PERSONA_TEMPLATE_ID &&
      e.PERSONA_ENVIRONMENT_ID &&
      e.PERSONA_WEBHOOK_SECRET
        ? {
            provider: 'persona',
            persona: {
              apiKey: e.PERSONA_API_KEY,
              templateId: e.PERSONA_TEMPLATE_ID,
              environmentId: e.PERSONA_ENVIRONMENT_ID,
              webhookSecret: e.PERSONA_WEBHOOK_SECRET,
              apiUrl: e.PERSONA_API_URL ?? PERSONA_DEFAULT_API_URL,
            },
          }
        : { provider: 'builtin' },
    seal:
      e.SEAL_PROVIDER === 'remote' && e.SEAL_URL && e.SEAL_TOKEN
        ? { provider: 'remote', url: e.SEAL_URL, token: e.SEAL_TOKEN }
        : { provider: 'local' },
    esign:
      e.ESIGN_PROVIDER === 'external' && e.ESIGN_API_URL && e.ESIGN_ACCOUNT_ID && e.ESIGN_TOKEN && e.ESIGN_WEBHOOK_SECRET
        ? {
            provider: 'external',
            apiUrl: e.ESIGN_API_URL,
            accountId: e.ESIGN_ACCOUNT_ID,
            token: e.ESIGN_TOKEN,
            webhookSecret: e.ESIGN_WEBHOOK_SECRET,
            templateId: e.ESIGN_TEMPLATE_ID ?? null,
          }
        : { provider: 'builtin' },
    webhooks: { allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS, dispatchIntervalMs: e.WEBHOOK_DISPATCH_INTERVAL_MS },
    billing: {
      payments:
        e.PAYMENTS_PROVIDER === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              provider: 'stripe',
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL ?? STRIPE_DEFAULT_API_URL,
            }
          : { provider: 'builtin' },
      pricing,
    },
    advisor: {
      model:
        e.ADVISOR_PROVIDER === 'openai' && e.ADVISOR_OPENAI_BASE_URL && e.ADVISOR_OPENAI_MODEL
          ? { provider: 'openai', baseUrl: e.ADVISOR_OPENAI_BASE_URL, model: e.ADVISOR_OPENAI_MODEL, apiKey: e.ADVISOR_OPENAI_API_KEY }
          : { provider: 'builtin' },
      timeoutMs: e.ADVISOR_TIMEOUT_SECONDS * 1000,
      messagesPerMinute: e.ADVISOR_MESSAGES_PER_MINUTE,
    },
    analytics: { retentionDays: e.ANALYTICS_RETENTION_DAYS },
    publicCache: { ttlSeconds: e.PUBLIC_CACHE_SECONDS },
  };
}
