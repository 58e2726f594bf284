import { act, waitFor } from '@testing-library/react';
import { ADVISOR_EVENTS, type AdvisorThread, type ChatItem } from '@tessera/domain';
import { expect } from 'vitest';
import { jsonResponse, mockFetch } from './fetch-mock.ts';
import { openedSockets, type FakeSocket } from './socket-mock.ts';

export const THREAD_ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
export const OTHER_THREAD_ID = 'c2c2c2c2c2c2c2c2c2c2c2c2';
export const ADVISOR_API = '/api/v1/aiadvisor/threads';

/** A 24-hex id numbered `n` (ids sort as their numbers do). */
export const itemId = (n: number) => n.toString(16).padStart(24, '0');

export function makeChatItem(overrides: Partial<ChatItem> = {}): ChatItem {
  return {
    id: itemId(1),
    threadId: THREAD_ID,
    type: 'message',
    message: 'Which open offers have a target IRR above 15%?',
    sender: 'user',
    position: 'right',
    status: 'success',
    timestamp: new Date().toISOString(),
    prompts: [],
    citations: [],
    ...overrides,
  };
}

export function makeThread(overrides: Partial<AdvisorThread> = {}): AdvisorThread {
  const at = new Date().toISOString();
  return {
    _id: THREAD_ID,
    title: 'Which open offers have a target IRR above 15%?',
    messageCount: 2,
    createdAt: at,
    updatedAt: at,
    lastMessageAt: at,
    ...overrides,
  };
}

/**
 * The advisor's REST routes over `threads` and their items (oldest first): pages of `limit` newest-first, anchored at
 * `before` as the API pages them. Returns the fetch mock.
 */
export function mockAdvisorApi(threads: AdvisorThread[] = [], items: Record<string, ChatItem[]> = {}) {
  let list = [...threads];
  return mockFetch((path, init, url) => {
    if (path === ADVISOR_API) return jsonResponse({ data: list, meta: { page: 1, limit: 50, total: list.length } });
    const match = /^\/api\/v1\/aiadvisor\/threads\/(\w+)(\/messages)?$/.exec(path);
    if (match && init?.method === 'DELETE') {
      list = list.filter((t) => t._id !== match[1]);
      return new Response(null, { status: 204 });
    }
    if (match?.[2]) {
      const all = items[match[1]!] ?? [];
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const before = url.searchParams.get('before');
      const older = before ? all.filter((item) => item.id < before) : all;
      return jsonResponse({ data: older.slice(-limit).reverse(), meta: { page: 1, limit, total: older.length } });
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
}

/** The socket the app opened, connected. */
export async function connectedSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
  const socket = openedSockets.at(-1)!;
  act(() => {
    socket.connect();
  });
  return socket;
}

/** The server sending the advisor's `event`. */
export function serverSends(socket: FakeSocket, event: keyof typeof ADVISOR_EVENTS, payload: unknown): void {
  act(() => socket.receive(ADVISOR_EVENTS[event], payload));
}
