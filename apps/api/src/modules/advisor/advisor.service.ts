import {
  ADVISOR_EVENTS,
  ADVISOR_LIMITS,
  ADVISOR_TEXTS,
  advisorChatRequest,
  chatPrompt,
  marketplaceOfferPath,
  type AdvisorErrorCode,
  type AdvisorErrorEvent,
  type AdvisorFinishedEvent,
  type AdvisorLoadingEvent,
  type AdvisorMessageListQuery,
  type AdvisorStartEvent,
  type AdvisorThread,
  type AdvisorTypingEvent,
  type ChatCitation,
  type ChatItem,
  type ChatPrompt,
  type List,
  type PageQuery,
} from '@tessera/domain';
import type { Db } from '../../db/client.ts';
import type { AdvisorMessageRow, AdvisorThreadRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/pagination.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { recordEvent } from '../timeline/index.ts';
import * as repo from './advisor.repository.ts';
import type { AdvisorAnswer, AdvisorGrounding, AdvisorModel } from './model.ts';

/** What finding the grounding needs (knowledge/index.ts `retrieve`, handed in so tests can fake it). */
export type Retrieve = (
  deps: { db: Db; clock: Clock },
  tenantId: string,
  input: { question: string; offerIds: string[] },
) => Promise<Pick<AdvisorGrounding, 'criteria' | 'offers' | 'matched' | 'focusOfferIds' | 'glossary'>>;

/** Where the service reports what it cannot tell the user (a model's failure): the app's logger. */
export interface AdvisorLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What the advisor needs, each part replaceable in tests. */
export interface AdvisorDeps {
  db: Db;
  clock: Clock;
  log: AdvisorLog;
  /** Who writes the answers: the built-in advisor or an OpenAI-compatible endpoint (models.ts). */
  model: AdvisorModel;
  retrieve: Retrieve;
  isPersonalAdviceRequest: (question: string) => boolean;
  /** Questions per user per minute (config.advisor.messagesPerMinute), counted on every node (the app's attempt store). */
  limiter: AttemptLimiter;
  /** The socket: events go to the user's room on this tenant, so every tab of theirs there, on any node, hears them. */
  realtime: Pick<Realtime, 'toUser'>;
  /** How long one answer may take (config.advisor.timeoutMs). */
  timeoutMs: number;
  /** Typing events at most this often (ms); the final text always goes out before `finished`. */
  typingIntervalMs?: number;
  /** Questions to one thread are answered one after the other (createThreadQueue). */
  queue: ThreadQueue;
}

/** The tenant the question is asked on, as the grounding names it. */
export interface AdvisorTenant {
  id: string;
  name: string;
}

const TYPING_INTERVAL_MS = 50;
/** The currency the marketplace shows amounts in: tenants have no currency of their own yet (the web app formats USD). */
const MARKETPLACE_CURRENCY = 'USD';
/** What a disclaimer answer stores as its model: no model was asked. */
export const DISCLAIMER_MODEL = 'disclaimer';
const MAX_PROMPTS = 6;

// ── Threads and items as the API shows them ────────────────────────────────────────────────────

export function toAdvisorThread(row: AdvisorThreadRow): AdvisorThread {
  return {
    _id: row.id,
    title: row.title,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

export function toChatItem(row: AdvisorMessageRow): ChatItem {
  return {
    id: row.id,
    threadId: row.threadId,
    type: row.type,
    message: row.message,
    sender: row.sender,
    position: row.position,
    status: row.status,
    timestamp: row.createdAt.toISOString(),
    prompts: row.prompts,
    citations: row.citations,
  };
}

const ownerOf = (auth: AuthContext): repo.Owner => ({ tenantId: auth.tenantId, userId: auth.user.id });

// ── One question at a time per thread ───────────────────────────────────────────────────────────

/**
 * Questions to the same thread are answered in the order they came, one at a time (on this node): the second waits
 * for the first's answer, so its history holds that answer and the stored order is question, answer, question, answer.
 * Questions to different threads, and new threads, go at once.
 */
export interface ThreadQueue {
  run(key: string, task: () => Promise<void>): Promise<void>;
  /** Threads with a question answering or waiting. */
  readonly size: number;
}

export function createThreadQueue(): ThreadQueue {
  const tails = new Map<string, Promise<void>>();
  return {
    run(key, task) {
      const previous = tails.get(key) ?? Promise.resolve();
      const next = previous.then(task, task);
      const tail = next.catch(() => {});
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return next;
    },
    get size() {
      return tails.size;
    },
  };
}

// ── The conversation on the socket ──────────────────────────────────────────────────────────────

/** Typing events at most every `intervalMs`, each with the whole text so far; `finish` sends the last text if unsent. */
function typingThrottle(send: (text: string) => void, intervalMs: number) {
  let lastAt = 0;
  let sent: string | null = null;
  let pending: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (closed || pending === null || pending === sent) return;
    sent = pending;
    pending = null;
    lastAt = Date.now();
    send(sent);
  };
  return {
    push(text: string) {
      if (closed) return;
      pending = text;
      const wait = lastAt + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    finish(text: string) {
      pending = text;
      flush();
      closed = true;
    },
    cancel() {
      clearTimeout(timer);
      closed = true;
    },
  };
}

/** The model's answer, or a rejection once `timeoutMs` passes (even if the model ignores its signal). */
async function answerWithin(
  model: AdvisorModel,
  grounding: AdvisorGrounding,
  timeoutMs: number,
  onText: (text: string) => void,
): Promise<AdvisorAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`the advisor model took longer than ${timeoutMs} ms`)), timeoutMs);
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
  });
  try {
    return await Promise.race([model.answer(grounding, { signal: controller.signal, onText }), aborted]);
  } finally {
    clearTimeout(timer);
  }
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The first question, on one line, cut to the title's length. */
export const threadTitle = (question: string) => cut(question.replace(/\s+/g, ' ').trim(), ADVISOR_LIMITS.titleMax).trim();

/** What the client sent that the error event can echo: its ids when they are well formed, else null. */
function echoedIds(payload: unknown): { threadId: string | null; clientMessageId: string | null } {
  const raw = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const threadId = typeof raw.threadId === 'string' && /^[0-9a-f]{24}$/.test(raw.threadId) ? raw.threadId : null;
  const clientMessageId =
    typeof raw.clientMessageId === 'string' && raw.clientMessageId.trim().length > 0 && raw.clientMessageId.length <= 64
      ? raw.clientMessageId.trim()
      : null;
  return { threadId, clientMessageId };
}

/**
 * Answers one question a signed-in user sent on the socket (ADVISOR_EVENTS.chat), telling every socket of theirs how
 * it goes (domain advisor.ts): refused at once (invalid, rate-limited, unknown thread) with an error event; otherwise
 * loading → start (the stored question and the 'Thinking...' item) → typing (the text so far) → finished (the stored
 * answer) → loading false, or error 'unavailable' then loading false when the model fails or times out (the question
 * stays stored, no part of an answer is). Never throws: what goes wrong is logged and told.
 */
export async function ask(deps: AdvisorDeps, auth: AuthContext, tenant: AdvisorTenant, payload: unknown): Promise<void> {
  const emit = (event: string, data: unknown) => deps.realtime.toUser({ tenantId: auth.tenantId, userId: auth.user.id }, event, data);
  const refuse = (ids: { threadId: string | null; clientMessageId: string | null }, code: AdvisorErrorCode, message: string) =>
    emit(ADVISOR_EVENTS.error, { ...ids, code, message } satisfies AdvisorErrorEvent);

  const parsed = advisorChatRequest.safeParse(payload);
  if (!parsed.success) return refuse(echoedIds(payload), 'invalid', parsed.error.issues[0]?.message ?? 'Invalid message');
  const request = parsed.data;
  const ids = { threadId: request.threadId, clientMessageId: request.clientMessageId };
  const work = async () => {
    // What the client was told so far, so an unexpected failure (the database) still ends its spinner.
    const told: Told = { threadId: request.threadId, loading: false };
    try {
      try {
        await deps.limiter.hit(`${auth.tenantId}:${auth.user.id}`);
      } catch (error) {
        if (error instanceof AppError && error.code === 'rate-limited') return refuse(ids, 'rate-limited', ADVISOR_TEXTS.rateLimited);
        throw error;
      }
      await answerQuestion(deps, auth, tenant, request, emit, told);
    } catch (err) {
      deps.log.error({ err, tenantId: auth.tenantId, userId: auth.user.id, threadId: told.threadId }, 'the advisor could not answer');
      refuse({ threadId: told.threadId, clientMessageId: request.clientMessageId }, 'unavailable', ADVISOR_TEXTS.unavailable);
      if (told.loading)
        emit(ADVISOR_EVENTS.loading, {
          threadId: told.threadId,
          clientMessageId: request.clientMessageId,
          loading: false,
        } satisfies AdvisorLoadingEvent);
    }
  };
  // Queued at once, before anything is awaited, so one socket's questions to a thread keep the order it sent them.
  // New threads need no queue: nothing else can reach them before their start event names them.
  return request.threadId ? deps.queue.run(`${auth.tenantId}:${request.threadId}`, work) : work();
}

/** What the client has been told about a question: its thread, and whether its spinner is on. */
interface Told {
  threadId: string | null;
  loading: boolean;
}

async function answerQuestion(
  deps: AdvisorDeps,
  auth: AuthContext,
  tenant: AdvisorTenant,
  request: { message: string; threadId: string | null; offerIds: string[]; clientMessageId: string },
  emit: (event: string, data: unknown) => void,
  told: Told,
): Promise<void> {
  const owner = ownerOf(auth);
  const { clientMessageId } = request;
  const refuse = (threadId: string | null, code: AdvisorErrorCode, message: string) =>
    emit(ADVISOR_EVENTS.error, { threadId, clientMessageId, code, message } satisfies AdvisorErrorEvent);
  const loading = (threadId: string | null, on: boolean) => {
    told.loading = on;
    emit(ADVISOR_EVENTS.loading, { threadId, clientMessageId, loading: on } satisfies AdvisorLoadingEvent);
  };

  // The thread (another user's or tenant's is unknown, as a deleted one), and its history before this question.
  let history: AdvisorGrounding['history'] = [];
  if (request.threadId) {
    const thread = await repo.findThread(deps.db, owner, request.threadId);
    if (!thread) return refuse(request.threadId, 'not-found', ADVISOR_TEXTS.threadNotFound);
    const earlier = await repo.latestMessages(deps.db, owner, thread.id, ADVISOR_LIMITS.historyTurns);
    history = earlier.map((m) => ({ sender: m.sender, message: m.message }));
  }

  const stored = await storeQuestion(deps, auth, request);
  if (!stored) return refuse(request.threadId, 'not-found', ADVISOR_TEXTS.threadNotFound);
  const threadId = stored.threadId;
  told.threadId = threadId;
  loading(threadId, true);
  const answerId = newId();
  const typingItem: ChatItem = {
    id: answerId,
    threadId,
    type: 'message',
    message: ADVISOR_TEXTS.thinking,
    sender: 'advisor',
    position: 'left',
    status: 'typing',
    timestamp: deps.clock.now().toISOString(),
    prompts: [],
    citations: [],
  };
  emit(ADVISOR_EVENTS.start, { threadId, clientMessageId, question: toChatItem(stored), item: typingItem } satisfies AdvisorStartEvent);

  const typing = typingThrottle(
    (message) => emit(ADVISOR_EVENTS.typing, { threadId, clientMessageId, itemId: answerId, message } satisfies AdvisorTypingEvent),
    deps.typingIntervalMs ?? TYPING_INTERVAL_MS,
  );
  let answer: AdvisorAnswer;
  let citations: ChatCitation[] = [];
  let modelName: string;
  try {
    if (deps.isPersonalAdviceRequest(request.message)) {
      // Never personalised advice: the fixed disclaimer, and the model is not asked.
      answer = { text: ADVISOR_TEXTS.disclaimer, citedOfferIds: [], prompts: [] };
      modelName = DISCLAIMER_MODEL;
    } else {
      const found = await deps.retrieve({ db: deps.db, clock: deps.clock }, auth.tenantId, {
        question: request.message,
        offerIds: request.offerIds,
      });
      const grounding: AdvisorGrounding = {
        ...found,
        marketplaceName: tenant.name,
        currency: MARKETPLACE_CURRENCY,
        question: request.message,
        history,
      };
      answer = await answerWithin(deps.model, grounding, deps.timeoutMs, (text) => typing.push(cut(text, ADVISOR_LIMITS.answerMax)));
      modelName = deps.model.name;
      const offers = new Map(grounding.offers.map((o) => [o.id, o]));
      citations = [...new Set(answer.citedOfferIds)].flatMap((id) => {
        const offer = offers.get(id);
        return offer ? [{ offerId: offer.id, slug: offer.slug, name: offer.name, path: marketplaceOfferPath(offer.slug) }] : [];
      });
    }
  } catch (err) {
    typing.cancel();
    deps.log.error(
      { err, tenantId: auth.tenantId, userId: auth.user.id, threadId, model: deps.model.name },
      'the advisor could not answer',
    );
    refuse(threadId, 'unavailable', ADVISOR_TEXTS.unavailable);
    return loading(threadId, false);
  }

  const text = cut(answer.text.trim() ? answer.text : ADVISOR_TEXTS.unknown, ADVISOR_LIMITS.answerMax);
  typing.finish(text);
  const prompts: ChatPrompt[] = (Array.isArray(answer.prompts) ? answer.prompts : [])
    .flatMap((p) => {
      const ok = chatPrompt.safeParse(p);
      return ok.success ? [ok.data] : [];
    })
    .slice(0, MAX_PROMPTS);
  const row = await repo.insertMessage(deps.db, owner, {
    id: answerId,
    threadId,
    sender: 'advisor',
    message: text,
    prompts,
    citations,
    model: modelName,
    now: deps.clock.now(),
  });
  if (!row) {
    // Deleted while it was being answered (from another tab): nothing to store the answer in.
    refuse(threadId, 'not-found', ADVISOR_TEXTS.threadNotFound);
    return loading(threadId, false);
  }
  emit(ADVISOR_EVENTS.finished, { threadId, clientMessageId, item: toChatItem(row) } satisfies AdvisorFinishedEvent);
  loading(threadId, false);
}

/**
 * Stores the question: in its thread, or in a new thread titled by it (recorded on the owner's timeline; past
 * ADVISOR_LIMITS.threadsMax the least recently used of theirs goes). Undefined when the thread went meanwhile.
 */
async function storeQuestion(
  deps: AdvisorDeps,
  auth: AuthContext,
  request: { message: string; threadId: string | null },
): Promise<AdvisorMessageRow | undefined> {
  const owner = ownerOf(auth);
  const now = deps.clock.now();
  const message = { id: newId(), sender: 'user' as const, message: request.message, now };
  if (request.threadId) return repo.insertMessage(deps.db, owner, { ...message, threadId: request.threadId });
  return deps.db.transaction(async (tx) => {
    const thread = await repo.insertThread(tx, owner, { id: newId(), title: threadTitle(request.message), now });
    const row = await repo.insertMessage(tx, owner, { ...message, threadId: thread.id });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'create',
      entity: thread.id,
      entityType: 'advisor-thread',
      userId: auth.user.id,
      // Not the question: the timeline names the chat, its content stays in the thread.
      message: 'Started an AI Advisor chat',
    });
    const pruned = await repo.deleteThreadsBeyond(tx, owner, ADVISOR_LIMITS.threadsMax);
    for (const id of pruned)
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'delete',
        entity: id,
        entityType: 'advisor-thread',
        userId: auth.user.id,
        message: `Deleted the least recently used AI Advisor chat (past ${ADVISOR_LIMITS.threadsMax} chats)`,
      });
    return row;
  });
}

// ── Threads over HTTP ───────────────────────────────────────────────────────────────────────────

type ReadDeps = Pick<AdvisorDeps, 'db'>;

export async function listThreads(deps: ReadDeps, auth: AuthContext, q: PageQuery): Promise<List<AdvisorThread>> {
  const { rows, total } = await repo.listThreads(deps.db, ownerOf(auth), q);
  return { data: rows.map(toAdvisorThread), meta: pageMeta(q, total) };
}

async function ownThread(deps: ReadDeps, auth: AuthContext, threadId: string): Promise<AdvisorThreadRow> {
  const row = await repo.findThread(deps.db, ownerOf(auth), threadId);
  if (!row) throw notFound('Chat');
  return row;
}

export async function getThread(deps: ReadDeps, auth: AuthContext, threadId: string): Promise<AdvisorThread> {
  return toAdvisorThread(await ownThread(deps, auth, threadId));
}

/** The `limit` latest items of the thread older than `before` (all of them without it), oldest first. */
export async function listMessages(
  deps: ReadDeps,
  auth: AuthContext,
  threadId: string,
  q: AdvisorMessageListQuery,
): Promise<List<ChatItem>> {
  await ownThread(deps, auth, threadId);
  const { rows, total } = await repo.pageMessages(deps.db, ownerOf(auth), threadId, q);
  return { data: rows.map(toChatItem), meta: pageMeta(q, total) };
}

/** Deletes one of the caller's threads and its messages, recorded on their timeline. */
export async function deleteThread(deps: ReadDeps, auth: AuthContext, threadId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.deleteThread(tx, ownerOf(auth), threadId);
    if (!row) throw notFound('Chat');
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: row.id,
      entityType: 'advisor-thread',
      userId: auth.user.id,
      message: 'Deleted an AI Advisor chat',
      meta: { delete: { messageCount: row.messageCount, createdAt: row.createdAt.toISOString() } },
    });
  });
}
