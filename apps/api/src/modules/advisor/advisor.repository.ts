import type { ChatCitation, ChatPrompt, ChatSender, PageQuery } from '@tessera/domain';
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { advisorMessages, advisorThreads, type AdvisorMessageRow, type AdvisorThreadRow } from '../../db/schema/index.ts';
import { offsetOf } from '../../lib/pagination.ts';

/**
 * The advisor's threads and messages (migration 0026). Every read and write names the tenant AND the user: a thread
 * is its owner's alone, and anyone else asking for it finds nothing (a 404, never a 403 that would confirm it exists).
 */

/** Whose threads: the tenant and the user. */
export interface Owner {
  tenantId: string;
  userId: string;
}

const ownedThread = (owner: Owner, threadId: string) =>
  and(eq(advisorThreads.tenantId, owner.tenantId), eq(advisorThreads.userId, owner.userId), eq(advisorThreads.id, threadId));

export async function findThread(db: DbOrTx, owner: Owner, threadId: string): Promise<AdvisorThreadRow | undefined> {
  const [row] = await db.select().from(advisorThreads).where(ownedThread(owner, threadId)).limit(1);
  return row;
}

/** The user's threads, the most recently used first. */
export async function listThreads(db: DbOrTx, owner: Owner, q: PageQuery): Promise<{ rows: AdvisorThreadRow[]; total: number }> {
  const where = and(eq(advisorThreads.tenantId, owner.tenantId), eq(advisorThreads.userId, owner.userId));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(advisorThreads)
      .where(where)
      .orderBy(desc(advisorThreads.lastMessageAt), desc(advisorThreads.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(advisorThreads).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function insertThread(db: DbOrTx, owner: Owner, thread: { id: string; title: string; now: Date }): Promise<AdvisorThreadRow> {
  const [row] = await db
    .insert(advisorThreads)
    .values({
      tenantId: owner.tenantId,
      userId: owner.userId,
      id: thread.id,
      title: thread.title,
      messageCount: 0,
      lastMessageAt: thread.now,
      createdAt: thread.now,
      updatedAt: thread.now,
    })
    .returning();
  if (!row) throw new Error('the advisor thread could not be stored');
  return row;
}

/**
 * Deletes the user's least recently used threads beyond the newest `keep` (their messages go with them), and answers
 * their ids.
 */
export async function deleteThreadsBeyond(db: DbOrTx, owner: Owner, keep: number): Promise<string[]> {
  const stale = await db
    .select({ id: advisorThreads.id })
    .from(advisorThreads)
    .where(and(eq(advisorThreads.tenantId, owner.tenantId), eq(advisorThreads.userId, owner.userId)))
    .orderBy(desc(advisorThreads.lastMessageAt), desc(advisorThreads.id))
    .offset(keep);
  if (stale.length === 0) return [];
  const ids = stale.map((s) => s.id);
  await db
    .delete(advisorThreads)
    .where(and(eq(advisorThreads.tenantId, owner.tenantId), eq(advisorThreads.userId, owner.userId), inArray(advisorThreads.id, ids)));
  return ids;
}

/** Deletes one of the user's threads (its messages go with it); answers the row, or undefined if it was not theirs. */
export async function deleteThread(db: DbOrTx, owner: Owner, threadId: string): Promise<AdvisorThreadRow | undefined> {
  const [row] = await db.delete(advisorThreads).where(ownedThread(owner, threadId)).returning();
  return row;
}

export interface NewMessage {
  id: string;
  threadId: string;
  sender: ChatSender;
  message: string;
  prompts?: ChatPrompt[];
  citations?: ChatCitation[];
  model?: string | null;
  now: Date;
}

/**
 * Adds a question or a finished answer to one of the user's threads and counts it there. Answers undefined (and stores
 * nothing) when the thread is no longer theirs (deleted meanwhile).
 */
export async function insertMessage(db: DbOrTx, owner: Owner, m: NewMessage): Promise<AdvisorMessageRow | undefined> {
  const [thread] = await db
    .update(advisorThreads)
    .set({ messageCount: sql`${advisorThreads.messageCount} + 1`, lastMessageAt: m.now, updatedAt: m.now })
    .where(ownedThread(owner, m.threadId))
    .returning({ id: advisorThreads.id });
  if (!thread) return undefined;
  const [row] = await db
    .insert(advisorMessages)
    .values({
      tenantId: owner.tenantId,
      id: m.id,
      threadId: m.threadId,
      userId: owner.userId,
      type: 'message',
      sender: m.sender,
      position: m.sender === 'user' ? 'right' : 'left',
      status: 'success',
      message: m.message,
      prompts: m.prompts ?? [],
      citations: m.citations ?? [],
      model: m.model ?? null,
      createdAt: m.now,
    })
    .returning();
  return row;
}

const ownedMessages = (owner: Owner, threadId: string) =>
  and(eq(advisorMessages.tenantId, owner.tenantId), eq(advisorMessages.userId, owner.userId), eq(advisorMessages.threadId, threadId));

/** A thread's newest `limit` messages, answered oldest first (the history handed to the model). */
export async function latestMessages(db: DbOrTx, owner: Owner, threadId: string, limit: number): Promise<AdvisorMessageRow[]> {
  const rows = await db
    .select()
    .from(advisorMessages)
    .where(ownedMessages(owner, threadId))
    .orderBy(desc(advisorMessages.createdAt), desc(advisorMessages.id))
    .limit(limit);
  return rows.reverse();
}

/**
 * A page of a thread's messages, newest page first, each page answered oldest first; with `before` (a message of the
 * thread), only the messages older than it. An unknown `before` leaves nothing to list.
 */
export async function pageMessages(
  db: DbOrTx,
  owner: Owner,
  threadId: string,
  q: PageQuery & { before?: string | undefined },
): Promise<{ rows: AdvisorMessageRow[]; total: number }> {
  const conditions = [ownedMessages(owner, threadId)];
  if (q.before) {
    const [anchor] = await db
      .select({ createdAt: advisorMessages.createdAt, id: advisorMessages.id })
      .from(advisorMessages)
      .where(and(ownedMessages(owner, threadId), eq(advisorMessages.id, q.before)))
      .limit(1);
    if (!anchor) return { rows: [], total: 0 };
    conditions.push(
      or(
        lt(advisorMessages.createdAt, anchor.createdAt),
        and(eq(advisorMessages.createdAt, anchor.createdAt), lt(advisorMessages.id, anchor.id)),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(advisorMessages)
      .where(where)
      .orderBy(desc(advisorMessages.createdAt), desc(advisorMessages.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(advisorMessages).where(where),
  ]);
  return { rows: rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)), total: count?.total ?? 0 };
}

/** For the tests of ordering: a thread's messages, oldest first. */
export async function allMessages(db: DbOrTx, owner: Owner, threadId: string): Promise<AdvisorMessageRow[]> {
  return db
    .select()
    .from(advisorMessages)
    .where(ownedMessages(owner, threadId))
    .orderBy(asc(advisorMessages.createdAt), asc(advisorMessages.id));
}
