import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config/index.ts';
import { createDatabase, type Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mail/mailer.ts';
import { createOutboxMailer } from './lib/mail/outbox-mailer.ts';
import { createSmtpMailer } from './lib/mail/smtp-mailer.ts';
import { loadFieldCipher } from './lib/key-rotation.ts';
import { usePasswordHashProfile } from './lib/password.ts';
import { errSerializer, LOG_REDACT_PATHS } from './lib/log-redaction.ts';
import { createLocalStorage } from './lib/storage/local-storage.ts';
import { createS3Storage } from './lib/storage/s3-storage.ts';
import type { FileStorage } from './lib/storage/storage.ts';
import { resolveSecret, TokenService } from './lib/tokens.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { sessionsRoutes } from './modules/auth/sessions.routes.ts';
import { businessesRoutes } from './modules/businesses/businesses.routes.ts';
import { applicationsRoutes } from './modules/applications/applications.routes.ts';
import { evaluatorsRoutes } from './modules/applications/evaluators.routes.ts';
import { legalEntityProfilesRoutes } from './modules/legal-entity-profiles/legal-entity-profiles.routes.ts';
import { devMailboxPage, devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { financialAccountsRoutes } from './modules/financial-accounts/financial-accounts.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { individualProfilesRoutes } from './modules/individual-profiles/individual-profiles.routes.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { findTenantBySlug } from './modules/tenants/index.ts';
import { tenantAdminRoutes } from './modules/tenant-admin/tenant-admin.routes.ts';
import { brandingRoutes } from './modules/branding/branding.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { onboardingRoutes } from './modules/users/onboarding.routes.ts';
import { findSessionContext, touchSession } from './modules/auth/index.ts';
import { mfaSetupRequired } from './modules/mfa/index.ts';
import { mfaRoutes } from './modules/mfa/mfa.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { sealLegacyParsedTextUnscoped } from './modules/documents/index.ts';
import { govPhotoIdsRoutes } from './modules/gov-photo-ids/gov-photo-ids.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { verifyApiKey } from './modules/api-keys/index.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { platformAdminRoutes } from './modules/platform-admin/platform-admin.routes.ts';
import { raiseRoutes } from './modules/raise/raise.routes.ts';
import { institutionsRoutes } from './modules/institutions/institutions.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes.ts';
import { workflowsRoutes } from './modules/workflows/workflows.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { registerWebhookDispatcher } from './modules/webhooks/index.ts';
import { registerAnalyticsRetention } from './modules/analytics/index.ts';
import { publicCachePlugin } from './plugins/public-cache.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { advisorRoutes, type AdvisorOptions } from './modules/advisor/advisor.routes.ts';
// Leads: the lead's invitation, workflows, documents and accreditation (the lead's own routes register beside it).
import { leadRelationsRoutes } from './modules/leads/lead-relations.routes.ts';
import { esignRoutes } from './modules/esign/esign.routes.ts';
import { userSignatureRoutes } from './modules/users/user-signature.routes.ts';
import { createEsignProvider, type ExternalEsignProvider } from './lib/esign/index.ts';
import { identityVerificationRoutes } from './modules/identity-verification/index.ts';
import { closeIdentityVerifier, verifyIdentityDocument } from './lib/identity/builtin-verifier.ts';
import type { ExternalIdentityProvider, VerifyIdentityDocument } from './lib/identity/identity-provider.ts';
import { createPersonaProvider } from './lib/identity/persona-provider.ts';
import { authPlugin } from './plugins/auth.ts';
import { contextPlugin } from './plugins/context.ts';
import { dbPlugin } from './plugins/db.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { requestChecksPlugin } from './plugins/request-checks.ts';
import { requestTimeoutsPlugin } from './plugins/request-timeouts.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { compressJsonPlugin } from './plugins/compress-json.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticWebPlugin } from './web-shell/static-web.ts';
import { tenantPlugin } from './plugins/tenant.ts';
import { redactUrlSecrets } from '@tessera/domain';
import { createSealer, type DocumentSealer } from './lib/seal/index.ts';
import { closeWorkerPool, configureWorkerPool } from './lib/worker-pool.ts';

export interface AppOverrides {
  /** A database to use instead of the configured one (tests pass a fresh one). */
  database?: Database;
  mailer?: Mailer;
  clock?: Clock;
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** The built-in identity verifier (tests inject one returning each outcome). */
  verifyIdentityDocument?: VerifyIdentityDocument;
  /** An outside identity provider instead of the configured one (tests inject a fake Persona). */
  identityProvider?: ExternalIdentityProvider;
  /** A document sealer instead of the configured one. */
  sealer?: DocumentSealer;
  /** An external e-signature provider instead of the configured one (tests inject one pointed at a local fake). */
  esignProvider?: ExternalEsignProvider | null;
  /** The AI advisor's model, retrieval or personal-advice check instead of the configured ones (tests inject fakes). */
  advisor?: AdvisorOptions;
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: errSerializer,
      // Fastify's own request line, minus secrets in the query: a reset or invite page's ?token=, an e-mail address.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrlSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * TRUST_PROXY for Fastify. A list of proxies goes as it is. A hop count means what it means in Express: the n proxies
 * nearest the app are trusted, whoever they are, so the client is the n-th address from the right of
 * X-Forwarded-For (Fastify would take a number as trusting no header at all). Only for an app no one can reach but
 * through those proxies; otherwise list their addresses.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the whole app (database migrated, plugins, routes) without listening. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? loggerOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
    // A request that trickles in is cut off (plugins/request-timeouts.ts holds bodies to BODY_TIMEOUT_SECONDS, uploads
    // to UPLOAD_TIMEOUT_SECONDS; this is Node's backstop for every request, headers and body together).
    requestTimeout: config.timeouts.uploadMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.idleMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      // How often Node looks for requests past those limits (its default, 30 s, would let a 20 s limit run to 50 s).
      connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.floor(config.timeouts.headersMs / 4))),
    },
    genReqId: () => crypto.randomUUID(),
    // Refused by the errors plugin instead, in the envelope (Fastify's own 503 is not).
    return503OnClosing: false,
  });

  usePasswordHashProfile(config.passwordHash);
  configureWorkerPool({
    ...(config.workers.threads ? { size: config.workers.threads } : {}),
    taskTimeoutMs: config.workers.taskTimeoutMs,
    perUser: config.workers.perUser,
    perTenant: config.workers.perTenant,
  });
  const database =
    overrides.database ??
    (await createDatabase({ url: config.databaseUrl, appUrl: config.appDatabaseUrl, dataDir: join(config.dataDir, 'pglite') }));
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const mailer = overrides.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(database.db));
  const tokens = new TokenService(await resolveSecret(database.db, 'jwt', config.jwtSecret), config.jwtTtlSeconds);
  const cipher = await loadFieldCipher(database.db, config);
  // Text parsed before it was classified is encrypted before the first request (a no-op once done).
  await sealLegacyParsedTextUnscoped(database.db, cipher);
  const storage = overrides.storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.storageDir));

  await app.register(routeTablePlugin);
  await app.register(errorsPlugin);
  await app.register(requestTimeoutsPlugin, { bodyMs: config.timeouts.bodyMs, uploadMs: config.timeouts.uploadMs });
  await app.register(requestChecksPlugin);
  await app.register(dbPlugin, { database });
  const sealer = overrides.sealer ?? createSealer(config.seal, { db: database.db, cipher });
  const clock = overrides.clock ?? systemClock;
  await app.register(contextPlugin, { config, mailer, clock, storage, cipher, sealer });
  // preservePath: the name as the client sent it, so that checkUpload refuses a path instead of busboy quietly cutting it.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: config.uploadMaxBytes, files: 2, fields: 20, fieldSize: 64 * 1024, parts: 24 },
  });
  await app.register(securityPlugin, { config });
  await app.register(tenantPlugin, { config, findTenantBySlug });
  // Its onSend stores the JSON text: before compress-json's, which may turn it into gzip.
  await app.register(publicCachePlugin, { config, clock });
  await app.register(compressJsonPlugin);
  await app.register(authPlugin, {
    tokens,
    verifyApiKey,
    findSessionContext,
    touchSession,
    mfaSetupRequired: (db, tenant, user, member) => mfaSetupRequired({ db, clock }, tenant, user, member),
  });
  await app.register(realtimePlugin);
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(mfaRoutes);
      await api.register(sessionsRoutes);
      await api.register(usersRoutes);
      await api.register(userSignatureRoutes);
      await api.register(onboardingRoutes);
      await api.register(tenantsRoutes);
      await api.register(tenantAdminRoutes);
      await api.register(brandingRoutes);
      await api.register(analyticsRoutes);
      await api.register(individualProfilesRoutes);
      await api.register(financialAccountsRoutes);
      await api.register(legalEntityProfilesRoutes);
      await api.register(businessesRoutes);
      await api.register(applicationsRoutes);
      await api.register(evaluatorsRoutes);
      await api.register(documentsRoutes);
      await api.register(imagesRoutes);
      await api.register(platformAdminRoutes);
      await api.register(govPhotoIdsRoutes);
      await api.register(membersRoutes);
      await api.register(groupsRoutes);
      await api.register(apiKeysRoutes);
      await api.register(raiseRoutes);
      await api.register(institutionsRoutes);
      await api.register(offersRoutes);
      await api.register(leadsRoutes);
      await api.register(marketplaceRoutes);
      await api.register(workflowsRoutes);
      await api.register(leadRelationsRoutes);
      await api.register(webhooksRoutes);
      await api.register(billingRoutes);
      await api.register(advisorRoutes, overrides.advisor ?? {});
      await api.register(esignRoutes, {
        provider: overrides.esignProvider !== undefined ? overrides.esignProvider : createEsignProvider(config.esign),
      });
      await api.register(identityVerificationRoutes, {
        verify: overrides.verifyIdentityDocument ?? verifyIdentityDocument,
        provider:
          overrides.identityProvider ?? (config.identity.provider === 'persona' ? createPersonaProvider(config.identity.persona) : null),
      });
      if (config.devMailbox !== 'off' && mailer.kind === 'outbox') await api.register(devMailboxRoutes, { mode: config.devMailbox });
    },
    { prefix: '/api/v1' },
  );
  if (config.devMailbox !== 'off' && mailer.kind === 'outbox') await app.register(devMailboxPage, { mode: config.devMailbox });
  await app.register(staticWebPlugin, { webDist: config.webDist });
  // Webhook deliveries are sent in the background once the app is ready, and no longer once it closes.
  registerWebhookDispatcher(app, config.webhooks.dispatchIntervalMs);
  registerAnalyticsRetention(app, config.analytics.retentionDays);
  // The built-in verifier's worker threads end with the app.
  if (!overrides.verifyIdentityDocument) app.addHook('onClose', closeIdentityVerifier);
  // So does the worker pool (PDF text, PDFs drawn and sealed, images).
  app.addHook('onClose', closeWorkerPool);
  // Work after a reply (a reset mail, an image's copies) ends before all of those: onClose hooks run in the reverse
  // order they were added, so this last one runs first.
  app.addHook('onClose', () => app.drainAfterReply());

  return app;
}
