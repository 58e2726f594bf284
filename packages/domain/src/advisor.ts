import { z } from 'zod';
import { pageQuery, timestamp } from './http.ts';
import { objectId } from './ids.ts';

/**
 * The AI advisor (issue #24, 001 §2 AI advisor chat, §3 chat item, §4 chat, §7 chat socket): a signed-in user asks
 * about the tenant's marketplace on the real-time socket and the answer streams back. Answers are grounded in the
 * offers the user can see (and the documents attached to them) and the glossary, cite the offers they used, and never
 * give personalised investment advice. Threads and their messages are kept per user and reloaded.
 */

export const ADVISOR_EXAMPLE_IDS = {
  thread: '6745a1c2e4b0a1b2c3d4e901',
  question: '6745a1c2e4b0a1b2c3d4e902',
  answer: '6745a1c2e4b0a1b2c3d4e903',
  offer: '6745a1c2e4b0a1b2c3d4e5d1',
} as const;

/** The socket events (001 §7): the client emits `chat`; the server answers with the others. */
export const ADVISOR_EVENTS = {
  chat: 'aiadvisor:chat',
  start: 'aiadvisor:start',
  typing: 'aiadvisor:typing',
  finished: 'aiadvisor:finished',
  loading: 'aiadvisor:loading',
  error: 'aiadvisor:error',
} as const;

export const ADVISOR_LIMITS = {
  /** The longest question, in characters. */
  messageMax: 2000,
  /** Offer ids a question may carry (the offer page the panel was opened from, or a comparison). */
  offerIdsMax: 10,
  /** Questions per user per minute; the next one is refused with `rateLimited`. */
  messagesPerMinute: 20,
  /** Earlier turns of the thread handed to the model with a question. */
  historyTurns: 10,
  /** Offers retrieved for one question at most. */
  retrievalMax: 20,
  /** The longest answer, in characters (a model's stream is cut there). */
  answerMax: 8000,
  /** Threads a user keeps; past it the least recently used goes. */
  threadsMax: 100,
  /** A thread's title: its first question, cut to this length. */
  titleMax: 80,
} as const;

/** 001 §9 / 000 §9: the panel's sizes, and how many chat items are shown before older ones load on scroll. */
export const ADVISOR_PANEL = {
  defaultWidth: 400,
  defaultHeight: 500,
  minWidth: 400,
  minHeight: 500,
  maxWidth: '90vw',
  maxHeight: '95vh',
  itemsShown: 20,
  /** With Cmd (macOS) or Ctrl (elsewhere). */
  shortcutKey: 'k',
} as const;

export const ADVISOR_TEXTS = {
  title: 'AI Advisor',
  thinking: 'Thinking...',
  placeholder: 'Ask about offers, terms or accreditation',
  send: 'Send',
  newChat: 'New chat',
  history: 'Chats',
  noThreads: 'No chats yet',
  close: 'Close',
  open: 'Ask the AI Advisor',
  loadingOlder: 'Loading earlier messages',
  welcome:
    'Hi! I can find and compare the offers on this marketplace, explain investment terms and the accreditation rules. What would you like to know?',
  disclaimer:
    'I can’t give personalised investment advice, so I can’t tell you whether to invest. I can explain an offer’s terms, compare offers on their published figures and explain the risks to weigh; for a decision that fits your situation, please speak with a licensed financial adviser.',
  unknown: 'I don’t know. I can only answer from the offers on this marketplace, their documents and my glossary of investment terms.',
  noMatches: 'No offers on this marketplace match that.',
  rateLimited: 'You’re sending messages too quickly. Please wait a minute and try again.',
  tooLong: `Messages can be at most ${ADVISOR_LIMITS.messageMax} characters.`,
  empty: 'Type a question first.',
  unavailable: 'The advisor is unavailable right now. Please try again in a moment.',
  threadNotFound: 'This chat no longer exists. Start a new chat.',
  disconnected: 'Reconnecting to the advisor…',
  deleted: 'chat deleted',
  deleteThread: 'Delete chat',
  sources: 'Sources',
} as const;

/** The suggestion chips of a new chat (001 §3 chat item `prompts`). */
export const ADVISOR_SUGGESTIONS: readonly ChatPrompt[] = [
  { id: 'open-high-irr', label: 'Open offers with IRR above 15%', value: 'Which open offers have a target IRR above 15%?' },
  { id: 'lowest-minimum', label: 'Lowest minimum investment', value: 'Which offers have the lowest minimum investment?' },
  { id: 'equity-multiple', label: 'What is an equity multiple?', value: 'What is an equity multiple?' },
  { id: 'accredited', label: 'Who is accredited?', value: 'Who counts as an accredited investor?' },
];

export const chatItemType = z.enum(['message', 'suggestion']);
export type ChatItemType = z.infer<typeof chatItemType>;
export const chatSender = z.enum(['user', 'advisor']);
export type ChatSender = z.infer<typeof chatSender>;
export const chatPosition = z.enum(['left', 'right', 'center']);
export type ChatPosition = z.infer<typeof chatPosition>;
export const chatStatus = z.enum(['typing', 'success']);
export type ChatStatus = z.infer<typeof chatStatus>;

export const chatPrompt = z
  .object({ id: z.string().max(64), label: z.string().max(120), value: z.string().max(ADVISOR_LIMITS.messageMax) })
  .meta({ id: 'ChatPrompt', description: 'A suggestion chip: its label, and the question it sends' });
export type ChatPrompt = z.infer<typeof chatPrompt>;

/** An offer an answer used, linked to its marketplace page. */
export const chatCitation = z
  .object({
    offerId: objectId,
    slug: z.string(),
    name: z.string(),
    /** The web path of the offer's marketplace page. */
    path: z.string(),
  })
  .meta({ id: 'ChatCitation', description: 'An offer an answer used, with the path of its marketplace page' });
export type ChatCitation = z.infer<typeof chatCitation>;

export const chatItem = z
  .object({
    id: objectId,
    threadId: objectId,
    type: chatItemType,
    /** Markdown for the advisor's answers (links only to marketplace pages); plain text for questions. */
    message: z.string(),
    sender: chatSender,
    /** The user's on the right, the advisor's on the left, suggestions centred. */
    position: chatPosition,
    status: chatStatus,
    timestamp,
    prompts: z.array(chatPrompt),
    citations: z.array(chatCitation),
  })
  .meta({
    id: 'ChatItem',
    description: 'One item of an advisor chat (001 §3): a question, an answer (typing while it streams) or suggestions',
    examples: [
      {
        id: ADVISOR_EXAMPLE_IDS.answer,
        threadId: ADVISOR_EXAMPLE_IDS.thread,
        type: 'message',
        message:
          'One open offer has a target IRR above 15%: [Harbor Point Apartments](/marketplace/offers/harbor-point-apartments) (16.5%).',
        sender: 'advisor',
        position: 'left',
        status: 'success',
        timestamp: '2026-11-27T09:30:00.000Z',
        prompts: [{ id: 'compare', label: 'Compare them', value: 'Compare these offers' }],
        citations: [
          {
            offerId: ADVISOR_EXAMPLE_IDS.offer,
            slug: 'harbor-point-apartments',
            name: 'Harbor Point Apartments',
            path: '/marketplace/offers/harbor-point-apartments',
          },
        ],
      },
    ],
  });
export type ChatItem = z.infer<typeof chatItem>;

// ── The socket ──────────────────────────────────────────────────────────────────────────────

/** What the client emits as `aiadvisor:chat` (001 §7): the question, its thread (null: a new one) and offer ids. */
export const advisorChatRequest = z.object({
  message: z
    .string({ error: ADVISOR_TEXTS.empty })
    .trim()
    .min(1, ADVISOR_TEXTS.empty)
    .max(ADVISOR_LIMITS.messageMax, ADVISOR_TEXTS.tooLong),
  threadId: objectId.nullable().default(null),
  offerIds: z.array(objectId).max(ADVISOR_LIMITS.offerIdsMax, `At most ${ADVISOR_LIMITS.offerIdsMax} offers`).default([]),
  /** The client's id for this question, echoed in every event about it (how the sender matches events to its request). */
  clientMessageId: z.string().trim().min(1).max(64),
});
export type AdvisorChatRequest = z.input<typeof advisorChatRequest>;

/** `aiadvisor:loading`: the spinner on (a question is being answered) or off (it is over, answered or not). */
export const advisorLoadingEvent = z.object({
  threadId: objectId.nullable(),
  clientMessageId: z.string().nullable(),
  loading: z.boolean(),
});
export type AdvisorLoadingEvent = z.infer<typeof advisorLoadingEvent>;

/** `aiadvisor:start`: the question as stored, and the advisor's typing item ('Thinking...'). */
export const advisorStartEvent = z.object({
  threadId: objectId,
  clientMessageId: z.string(),
  question: chatItem,
  item: chatItem,
});
export type AdvisorStartEvent = z.infer<typeof advisorStartEvent>;

/** `aiadvisor:typing`: the answer so far (the whole text, not a delta: a missed event loses nothing). */
export const advisorTypingEvent = z.object({
  threadId: objectId,
  clientMessageId: z.string(),
  itemId: objectId,
  message: z.string(),
});
export type AdvisorTypingEvent = z.infer<typeof advisorTypingEvent>;

/** `aiadvisor:finished`: the answer as stored, status success, with its citations and follow-up prompts. */
export const advisorFinishedEvent = z.object({
  threadId: objectId,
  clientMessageId: z.string(),
  item: chatItem,
});
export type AdvisorFinishedEvent = z.infer<typeof advisorFinishedEvent>;

export const advisorErrorCode = z.enum(['invalid', 'rate-limited', 'not-found', 'unavailable']);
export type AdvisorErrorCode = z.infer<typeof advisorErrorCode>;
/** `aiadvisor:error`: why a question was not answered, in words the panel shows. */
export const advisorErrorEvent = z.object({
  threadId: objectId.nullable(),
  clientMessageId: z.string().nullable(),
  code: advisorErrorCode,
  message: z.string(),
});
export type AdvisorErrorEvent = z.infer<typeof advisorErrorEvent>;

// ── Threads over HTTP ───────────────────────────────────────────────────────────────────────

export const advisorThread = z
  .object({
    _id: objectId,
    title: z.string(),
    messageCount: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastMessageAt: timestamp,
  })
  .meta({
    id: 'AdvisorThread',
    description: "One of the caller's advisor chats: its title (its first question) and when it was last used",
    examples: [
      {
        _id: ADVISOR_EXAMPLE_IDS.thread,
        title: 'Which open offers have a target IRR above 15%?',
        messageCount: 2,
        createdAt: '2026-11-27T09:29:58.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
        lastMessageAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type AdvisorThread = z.infer<typeof advisorThread>;

export const advisorThreadListQuery = pageQuery;
export const advisorThreadParams = z.object({ threadId: objectId.describe("The chat's id (24 hexadecimal characters)") });

/** A thread's messages, newest page first: `before` anchors the pages at an item so new messages do not shift them. */
export const advisorMessageListQuery = pageQuery.extend({
  before: objectId.optional().describe('Only items older than this one (the oldest item shown): how older items load on scroll'),
});
export type AdvisorMessageListQuery = z.infer<typeof advisorMessageListQuery>;
