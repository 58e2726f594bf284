import { dataOf, listOf, objectId, pageQuery } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { getOutboxMessage, listOutbox } from '../../lib/mail/outbox-mailer.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';

const mail = z
  .object({ _id: objectId, to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: z.string() })
  .describe('OutboxMail');
const toMail = (row: Awaited<ReturnType<typeof getOutboxMessage>> & object) => ({
  _id: row.id, to: row.to, subject: row.subject, text: row.text, html: row.html, createdAt: row.createdAt.toISOString(),
});

/** Development only (never registered in production or with SMTP): the local outbox, so e-mailed links can be followed. */
export async function devMailboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Dev mailbox'];

  r.get('/dev/mailbox', {
    schema: {
      tags, summary: 'List outbox mail', description: describe('Newest first; filter by recipient.', 'public'),
      querystring: pageQuery.extend({ to: z.string().max(254).optional() }), response: { 200: listOf(mail), ...errorResponses(400) },
    },
    config: { access: 'public' },
  }, async (request) => {
    const { rows, total } = await listOutbox(app.db, { to: request.query.to, limit: request.query.limit, offset: offsetOf(request.query) });
    return { data: rows.map(toMail), meta: pageMeta(request.query, total) };
  });

  r.get('/dev/mailbox/:id', {
    schema: { tags, summary: 'Read one mail', description: describe('One outbox message.', 'public'), params: z.object({ id: objectId }), response: { 200: dataOf(mail), ...errorResponses(400, 404) } },
    config: { access: 'public' },
  }, async (request) => {
    const row = await getOutboxMessage(app.db, request.params.id);
    if (!row) throw notFound('Mail');
    return { data: toMail(row) };
  });
}

/** A plain HTML page over the outbox at /dev/mailbox, for people. */
export async function devMailboxPage(app: FastifyInstance) {
  app.get('/dev/mailbox', async (_request, reply) => {
    const { rows } = await listOutbox(app.db, { limit: 50, offset: 0 });
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
    const items = rows
      .map((m) => `<article><h3>${esc(m.subject)}</h3><p><b>To:</b> ${esc(m.to)} · ${m.createdAt.toISOString()}</p>${m.html}</article><hr>`)
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev mailbox</title></head><body style="font-family:sans-serif;max-width:760px;margin:auto;padding:16px"><h1>Dev mailbox</h1><p>Mail the app would have sent (no SMTP_URL configured). Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
