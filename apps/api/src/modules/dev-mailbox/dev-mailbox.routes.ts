import { dataOf, listOf, objectId, pageQuery, timestamp } from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { getOutboxMessageUnscoped, listOutboxUnscoped } from '../../lib/mail/outbox-mailer.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import { errorResponses, idParams } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { findTenantMail, listTenantMail } from './dev-mailbox.repository.ts';

const mail = z
  .object({ _id: objectId, to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: timestamp })
  .meta({
    id: 'OutboxMail',
    description: 'A message the app would have sent, kept in the local outbox.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5d7',
        to: 'jane.doe@example.com',
        subject: 'Reset your password',
        text: 'Follow this link to reset your password: https://acme.localhost:3000/reset-password?token=…',
        html: '<p>Follow <a href="https://acme.localhost:3000/reset-password?token=…">this link</a> to reset your password.</p>',
        createdAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
const toMail = (row: typeof mailOutbox.$inferSelect) => ({
  _id: row.id,
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  createdAt: row.createdAt.toISOString(),
});

const allTenants = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true')
  .describe("true reads every tenant's mail; by default only the mail of this address's tenant");
const thisMachine =
  'Only requests from this machine (a loopback peer that no proxy relayed); any other caller gets 404, as if the route did not exist. Unless DEV_MAILBOX=1 asked for it, also 404 while the server listens on an address other machines can reach.';

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;
const RELAY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

export interface DevMailboxOptions {
  /** 'on': DEV_MAILBOX=1 asked for it; 'loopback': the default, served only while the server listens on loopback alone. */
  mode: 'on' | 'loopback';
}

/**
 * Whether a request comes from this machine, decided from the socket alone: its peer is a loopback address. Headers
 * never make a caller local (whatever TRUST_PROXY says, `request.ip` is not used); they can only make it remote: a
 * request a proxy relayed (any forwarding header) is someone else's, even when the proxy runs on this machine.
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) return false;
  return RELAY_HEADERS.every((name) => request.headers[name] === undefined);
}

/** Whether the server listens where other machines can reach it (0.0.0.0, ::, or any address but loopback). */
function listensBeyondThisMachine(app: FastifyInstance): boolean {
  const address = app.server.address();
  // Not listening (app.inject): nothing can reach it from outside.
  if (!address || typeof address === 'string') return false;
  return !LOOPBACK.test(address.address);
}

/** The outbox holds every tenant's reset and invitation links: anyone else is told the route is not there. */
function thisMachineOnly(app: FastifyInstance, options: DevMailboxOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    const served = isFromThisMachine(request) && (options.mode === 'on' || !listensBeyondThisMachine(app));
    if (!served) throw new AppError('not-found', `No route ${request.method} ${request.url.split('?')[0]}`);
  };
}

/**
 * The local outbox, so e-mailed links can be followed without a mail server. Registered only when mail goes to
 * the outbox (no SMTP_URL) and DEV_MAILBOX is not off: on by default outside production, `npm start` included (which
 * listens on 127.0.0.1 there), never in production (the configuration refuses DEV_MAILBOX=1). Hence it answers this
 * machine only, by default only while the server listens on loopback alone, and only the mail of the host's tenant
 * unless asked for every tenant's.
 */
export async function devMailboxRoutes(app: FastifyInstance, options: DevMailboxOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Dev mailbox'];
  app.addHook('onRequest', thisMachineOnly(app, options));

  r.get(
    '/dev/mailbox',
    {
      schema: {
        tags,
        operationId: 'listOutboxMail',
        summary: 'List outbox mail',
        description: 'Newest first; filter by recipient.',
        querystring: pageQuery.extend({ to: z.string().max(254).optional().describe('Only the mail sent to this address'), allTenants }),
        response: { 200: listOf(mail).describe('A page of outbox mail, newest first'), ...errorResponses(400, 404) },
      },
      config: { access: 'public', accessNote: thisMachine },
    },
    async (request) => {
      const page = { to: request.query.to, limit: request.query.limit, offset: offsetOf(request.query) };
      const { rows, total } = request.query.allTenants
        ? await listOutboxUnscoped(app.db, page)
        : await listTenantMail(app.db, requireTenant(request).id, page);
      return { data: rows.map(toMail), meta: pageMeta(request.query, total) };
    },
  );

  r.get(
    '/dev/mailbox/:id',
    {
      schema: {
        tags,
        operationId: 'getOutboxMail',
        summary: 'Read one mail',
        description: 'One outbox message.',
        params: idParams('mail'),
        querystring: z.object({ allTenants }),
        response: { 200: dataOf(mail).describe('The mail'), ...errorResponses(400, 404) },
      },
      config: { access: 'public', accessNote: thisMachine },
    },
    async (request) => {
      const row = request.query.allTenants
        ? await getOutboxMessageUnscoped(app.db, request.params.id)
        : await findTenantMail(app.db, requireTenant(request).id, request.params.id);
      if (!row) throw notFound('Mail');
      return { data: toMail(row) };
    },
  );
}

/** A plain HTML page over the outbox at /dev/mailbox, for people; same rules as the API routes. */
export async function devMailboxPage(app: FastifyInstance, options: DevMailboxOptions) {
  app.addHook('onRequest', thisMachineOnly(app, options));

  // A page for people, not part of the API: left out of the OpenAPI document.
  app.get<{ Querystring: { allTenants?: string } }>(
    '/dev/mailbox',
    { schema: { hide: true }, config: { access: 'public' } },
    async (request, reply) => {
      const every = request.query.allTenants === 'true';
      const tenant = every ? null : requireTenant(request);
      const page = { limit: 50, offset: 0 };
      const { rows } = tenant ? await listTenantMail(app.db, tenant.id, page) : await listOutboxUnscoped(app.db, page);
      const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
      const scope = tenant ? `for ${esc(tenant.name)} (<a href="?allTenants=true">every organization</a>)` : 'for every organization';
      const items = rows
        .map(
          (m) => `<article><h3>${esc(m.subject)}</h3><p><b>To:</b> ${esc(m.to)} · ${m.createdAt.toISOString()}</p>${m.html}</article><hr>`,
        )
        .join('');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev mailbox</title></head><body style="font-family:sans-serif;max-width:760px;margin:auto;padding:16px"><h1>Dev mailbox</h1><p>Mail the app would have sent ${scope} (no SMTP_URL configured). Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
    },
  );
}
