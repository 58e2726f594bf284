import { ADVISOR_PANEL, chatItem, listOf, type ChatItem } from '@tessera/domain';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { advisorKey, advisorThreadPath } from './list-advisor-threads.ts';

/** One page of a thread's items, oldest first, and whether older ones remain. */
export interface AdvisorMessagePage {
  items: ChatItem[];
  hasOlder: boolean;
}
export type AdvisorMessages = InfiniteData<AdvisorMessagePage, string | null>;

/** Oldest first: by time, then by id (ids grow with time, so two items of one second keep their order). */
export function byTime(a: ChatItem, b: ChatItem): number {
  return a.timestamp === b.timestamp ? a.id.localeCompare(b.id) : a.timestamp < b.timestamp ? -1 : 1;
}

/** A page of `threadId`'s items: the newest, or those older than the item `before` (how older items load on scroll). */
export async function listAdvisorMessages(threadId: string, before: string | null, signal?: AbortSignal): Promise<AdvisorMessagePage> {
  const limit = ADVISOR_PANEL.itemsShown;
  const search = new URLSearchParams({ limit: String(limit), ...(before ? { before } : {}) });
  const body = await apiRequest(`${advisorThreadPath(threadId)}/messages?${search}`, { schema: listOf(chatItem), signal });
  return { items: [...body.data].sort(byTime), hasOlder: body.data.length === limit };
}

export const advisorMessagesKey = (threadId: string) => [...advisorKey, 'messages', threadId] as const;

export const advisorMessagesQueryOptions = (threadId: string) =>
  infiniteQueryOptions({
    queryKey: advisorMessagesKey(threadId),
    queryFn: ({ pageParam, signal }) => listAdvisorMessages(threadId, pageParam, signal),
    initialPageParam: null as string | null,
    // Pages are anchored at the oldest item shown, so items added meanwhile do not shift them.
    getNextPageParam: (last) => (last.hasOlder && last.items[0] ? last.items[0].id : undefined),
    // The socket keeps a loaded thread current (hooks/use-advisor-chat.ts): no refetch would add anything.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAdvisorMessages(threadId: string | null) {
  return useInfiniteQuery({ ...advisorMessagesQueryOptions(threadId ?? ''), enabled: threadId !== null });
}

/** A thread's items, oldest first, from every page loaded (pages are newest first). */
export function itemsOf(data: { pages: AdvisorMessagePage[] } | undefined): ChatItem[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.items) : [];
}
