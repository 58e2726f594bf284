import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { newId } from '../ids.ts';
import type { Mailer, MailMessage } from './mailer.ts';

export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    // The outbox stands in for a mail server, outside any tenant: it stores platform mail too (no tenant).
    send: (message: MailMessage) =>
      withCrossTenant('the mail outbox, the local stand-in for an SMTP server', async () => {
        await db.insert(mailOutbox).values({
          id: newId(),
          tenantId: message.tenantId ?? null,
          to: message.to.toLowerCase(),
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      }),
    async close() {},
  };
}

/** Every tenant's outbox mail, for the development mailbox only. */
export function listOutboxUnscoped(db: Db, options: { to?: string | undefined; limit: number; offset: number }) {
  return withCrossTenant('the development mailbox, every organization', async () => {
    const where = options.to ? eq(mailOutbox.to, options.to.toLowerCase()) : undefined;
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(options.limit)
        .offset(options.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
    ]);
    return { rows, total: count?.total ?? 0 };
  });
}

export function getOutboxMessageUnscoped(db: Db, id: string) {
  return withCrossTenant('the development mailbox, every organization', async () => {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    return row;
  });
}
