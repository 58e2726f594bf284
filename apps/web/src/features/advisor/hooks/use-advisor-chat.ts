import {
  ADVISOR_EVENTS,
  ADVISOR_TEXTS,
  advisorErrorEvent,
  advisorFinishedEvent,
  advisorLoadingEvent,
  advisorStartEvent,
  advisorTypingEvent,
  type AdvisorChatRequest,
  type ChatItem,
} from '@tessera/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { newId } from '../../../lib/new-id.ts';
import { realtime } from '../../../lib/realtime/realtime-connection.ts';
import { useRealtimeEvent, useRealtimeState } from '../../../lib/realtime/use-realtime.ts';
import { advisorMessagesKey, byTime, type AdvisorMessages } from '../api/list-advisor-messages.ts';
import { advisorKey, advisorThreadsQueryOptions, useAdvisorThreads } from '../api/list-advisor-threads.ts';
import { advisorStore } from '../advisor-store.ts';

/**
 * Puts `items` into the thread's cached pages (replacing those with the same id). A thread not loaded here is left to
 * load when shown, unless `create` (the new chat this tab started, which has nothing older).
 */
function upsert(
  queryClient: QueryClient,
  threadId: string,
  items: ChatItem[],
  { change, create = false }: { change?: (item: ChatItem) => ChatItem; create?: boolean } = {},
) {
  queryClient.setQueryData<AdvisorMessages>(advisorMessagesKey(threadId), (data) => {
    if (!data && !create) return data;
    const pages = data?.pages ?? [{ items: [], hasOlder: false }];
    const byId = new Map(items.map((item) => [item.id, item]));
    const next = pages.map((page) => ({
      ...page,
      items: page.items.map((item) => {
        const replaced = byId.get(item.id);
        byId.delete(item.id);
        return replaced ?? (change ? change(item) : item);
      }),
    }));
    // New items go to the newest page (the first).
    if (byId.size > 0) next[0] = { ...next[0]!, items: [...next[0]!.items, ...byId.values()].sort(byTime) };
    return { pages: next, pageParams: data?.pageParams ?? [null] };
  });
}

/**
 * The chat on the shared socket (001 §7): sends a question, and keeps the thread's cached items current from the
 * events: start adds the question and the 'Thinking...' item, typing replaces its text with the text so far, finished
 * stores the answer. Events reach every tab of the user, so items go to whichever thread they belong to; the spinner,
 * the error and a new chat's thread follow only this tab's own question (its clientMessageId).
 */
/**
 * How long a question may go without a word from the server before the panel stops waiting and says the advisor is
 * unavailable. Longer than the server's own answer time limit (ADVISOR_TIMEOUT_SECONDS, 60 s by default), after which
 * it sends an error itself: this is for a question that was never taken up (dropped as a flood, or lost with a node).
 */
export const ANSWER_SILENCE_MS = 90_000;

export function useAdvisorChat() {
  const queryClient = useQueryClient();
  const { connected } = useRealtimeState();
  /** undefined until the most recent chat is known; null for a new chat. */
  const [threadId, setThreadId] = useState<string | null | undefined>(undefined);
  const [pending, setPending] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** A thread this panel started: its welcome stays on top. */
  const [startedHere, setStartedHere] = useState<string | null>(null);
  const threads = useAdvisorThreads();
  const latestThreadId = threads.data ? (threads.data.data[0]?._id ?? null) : threads.isError ? null : undefined;
  // Opened: the most recent chat comes back (or a new one when there is none, or the list cannot be had), once.
  if (threadId === undefined && latestThreadId !== undefined) setThreadId(latestThreadId);
  // What the socket's listeners compare with: set when it changes, so an event right after a send sees that send.
  const current = useRef({ threadId, pending });
  useEffect(() => {
    current.current = { threadId, pending };
  });

  // Opened again: what was said while the panel was closed is fetched anew.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: advisorKey });
  }, [queryClient]);

  // Without a connection no answer will come: the question is no longer waited for.
  const [wasConnected, setWasConnected] = useState(connected);
  if (connected !== wasConnected) {
    setWasConnected(connected);
    if (!connected) {
      setPending(null);
      setLoading(false);
    }
  }

  /** The questions this panel sent: their spinner, errors and new thread are this panel's. */
  const sentIds = useRef(new Set<string>());
  const ours = (clientMessageId: string | null) => clientMessageId !== null && sentIds.current.has(clientMessageId);
  const settle = (clientMessageId: string | null) => {
    if (clientMessageId !== null && clientMessageId === current.current.pending) setPending(null);
  };
  /** The last time the server said anything about the question waited for: the silence watchdog counts from it. */
  const [heardAt, setHeardAt] = useState(0);
  const heard = (clientMessageId: string | null) => {
    if (clientMessageId !== null && clientMessageId === current.current.pending) setHeardAt(Date.now());
  };
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => {
      setPending(null);
      setLoading(false);
      setError(ADVISOR_TEXTS.unavailable);
    }, ANSWER_SILENCE_MS);
    return () => clearTimeout(timer);
  }, [pending, heardAt]);

  useRealtimeEvent(ADVISOR_EVENTS.start, (payload) => {
    const parsed = advisorStartEvent.safeParse(payload);
    if (!parsed.success) return;
    const event = parsed.data;
    heard(event.clientMessageId);
    const adopt = ours(event.clientMessageId) && current.current.threadId === null;
    upsert(queryClient, event.threadId, [event.question, event.item], { create: adopt });
    if (adopt) {
      setThreadId(event.threadId);
      setStartedHere(event.threadId);
    }
  });

  useRealtimeEvent(ADVISOR_EVENTS.typing, (payload) => {
    const parsed = advisorTypingEvent.safeParse(payload);
    if (!parsed.success) return;
    const { threadId: id, itemId, message } = parsed.data;
    heard(parsed.data.clientMessageId);
    upsert(queryClient, id, [], { change: (item) => (item.id === itemId ? { ...item, message } : item) });
  });

  useRealtimeEvent(ADVISOR_EVENTS.finished, (payload) => {
    const parsed = advisorFinishedEvent.safeParse(payload);
    if (!parsed.success) return;
    upsert(queryClient, parsed.data.threadId, [parsed.data.item]);
    settle(parsed.data.clientMessageId);
    void queryClient.invalidateQueries({ queryKey: advisorThreadsQueryOptions().queryKey });
  });

  useRealtimeEvent(ADVISOR_EVENTS.loading, (payload) => {
    const parsed = advisorLoadingEvent.safeParse(payload);
    if (!parsed.success || !ours(parsed.data.clientMessageId)) return;
    heard(parsed.data.clientMessageId);
    setLoading(parsed.data.loading);
    if (!parsed.data.loading) settle(parsed.data.clientMessageId);
  });

  useRealtimeEvent(ADVISOR_EVENTS.error, (payload) => {
    const parsed = advisorErrorEvent.safeParse(payload);
    if (!parsed.success) return;
    const event = parsed.data;
    const aboutThisChat = event.clientMessageId === null && event.threadId !== null && event.threadId === current.current.threadId;
    if (!ours(event.clientMessageId) && !aboutThisChat) return;
    setError(event.message);
    settle(event.clientMessageId);
    setLoading(false);
  });

  /** Sends `message` in the current chat, about the offer of the page on screen; false when it could not be sent. */
  function send(message: string): boolean {
    const text = message.trim();
    if (!text || pending || threadId === undefined) return false;
    const pageOfferId = advisorStore.getState().pageOfferId;
    const request: AdvisorChatRequest = { message: text, threadId, offerIds: pageOfferId ? [pageOfferId] : [], clientMessageId: newId() };
    if (!realtime.emit(ADVISOR_EVENTS.chat, request)) {
      setError(ADVISOR_TEXTS.disconnected);
      return false;
    }
    current.current = { threadId, pending: request.clientMessageId };
    sentIds.current.add(request.clientMessageId);
    setError(null);
    setPending(request.clientMessageId);
    return true;
  }

  return {
    threadId,
    threads,
    /** Shows `id`'s chat (null: a new one). */
    selectThread(id: string | null) {
      setThreadId(id);
      setPending(null);
      setLoading(false);
      setError(null);
    },
    startedHere,
    send,
    waiting: pending !== null,
    loading,
    error,
    dismissError: () => setError(null),
    connected,
  };
}
