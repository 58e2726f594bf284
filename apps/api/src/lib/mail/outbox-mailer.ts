import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { newId } from '../ids.ts';
import type { Mailer, MailMessage } from './mailer.ts';

export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values({
        id: newId(),
        tenantId: message.tenantId ?? null,
        to: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {},
  };
}

export async function listOutbox(db: Db, options: { to?: string | undefined; limit: number; offset: number }) {
  const where = options.to ? eq(mailOutbox.to, options.to.toLowerCase()) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(options.limit).offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function getOutboxMessage(db: Db, id: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}
