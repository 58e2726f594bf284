import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADVISOR_EVENTS, ADVISOR_LIMITS, ADVISOR_PANEL, ADVISOR_SUGGESTIONS, ADVISOR_TEXTS, type ChatItem } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeOrDate } from '../../../lib/format.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import {
  ADVISOR_API,
  connectedSocket,
  itemId,
  makeChatItem,
  makeThread,
  mockAdvisorApi,
  OTHER_THREAD_ID,
  serverSends,
  THREAD_ID,
} from '../../../test/advisor.ts';
import { blockingViolations } from '../../../test/axe.ts';
import { makeAuthResult } from '../../../test/fixtures.ts';
import { stubScreen } from '../../../test/media.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { openedSockets, type FakeSocket } from '../../../test/socket-mock.ts';
import { AdvisorHost } from '../advisor-entry.tsx';
import { ADVISOR_SHORTCUT_KEY, isAdvisorShortcut } from '../shortcut.ts';
import { ANSWER_SILENCE_MS } from '../hooks/use-advisor-chat.ts';

function render() {
  return renderRoutes([
    { path: '/', element: <AdvisorHost /> },
    { path: '/marketplace/offers/:slug', element: <p>Offer page</p> },
  ]);
}

type User = ReturnType<typeof render>['user'];

async function openPanel(user: User) {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: ADVISOR_TEXTS.title });
}

const questionBox = () => screen.getByRole('textbox', { name: 'Your question' });

/** Opens a new chat, connected, and asks `text` with Enter; returns the socket and the question's clientMessageId. */
async function ask(user: User, text = 'Which open offers have a target IRR above 15%?') {
  await openPanel(user);
  const socket = await connectedSocket();
  await screen.findByText(ADVISOR_TEXTS.welcome);
  await fill(user, questionBox(), text);
  await user.keyboard('{Enter}');
  await waitFor(() => expect(socket.sent(ADVISOR_EVENTS.chat)).toHaveLength(1));
  const [request] = socket.sent(ADVISOR_EVENTS.chat) as { clientMessageId: string }[];
  return { socket, clientMessageId: request!.clientMessageId };
}

const question = (overrides: Partial<ChatItem> = {}) => makeChatItem({ id: itemId(1), ...overrides });
const answer = (overrides: Partial<ChatItem> = {}) =>
  makeChatItem({ id: itemId(2), sender: 'advisor', position: 'left', status: 'typing', message: ADVISOR_TEXTS.thinking, ...overrides });

function start(socket: FakeSocket, clientMessageId: string) {
  serverSends(socket, 'start', { threadId: THREAD_ID, clientMessageId, question: question(), item: answer() });
}

beforeEach(() => {
  openedSockets.length = 0;
  sessionStore.signIn(makeAuthResult());
});
afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('the AI Advisor panel', () => {
  it('opens with Ctrl+K (Cmd+K on macOS) with the question box focused, and closes with Escape', async () => {
    mockAdvisorApi();
    const { user } = render();
    const panel = await openPanel(user);
    await waitFor(() => expect(questionBox()).toHaveFocus());
    expect(within(panel).getByRole('button', { name: ADVISOR_TEXTS.newChat })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ADVISOR_TEXTS.title })).not.toBeInTheDocument());
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: ADVISOR_TEXTS.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ADVISOR_TEXTS.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', { key: 'k', ...init });
    expect(isAdvisorShortcut(key({ metaKey: true }), true)).toBe(true);
    expect(isAdvisorShortcut(key({ ctrlKey: true }), true)).toBe(false);
    expect(isAdvisorShortcut(key({ ctrlKey: true }), false)).toBe(true);
    expect(isAdvisorShortcut(key({ metaKey: true }), false)).toBe(false);
    expect(isAdvisorShortcut(key({ ctrlKey: true, shiftKey: true }), false)).toBe(false);
    // The layout listens without the domain loaded: its key is the one the domain names.
    expect(ADVISOR_SHORTCUT_KEY).toBe(ADVISOR_PANEL.shortcutKey);
  });

  it('says it is reconnecting while the socket is not connected, and sends nothing then', async () => {
    mockAdvisorApi();
    const { user } = render();
    await openPanel(user);
    expect(await screen.findByText(ADVISOR_TEXTS.disconnected)).toBeInTheDocument();
    await fill(user, questionBox(), 'Hello');
    expect(screen.getByRole('button', { name: ADVISOR_TEXTS.send })).toBeDisabled();
    const socket = await connectedSocket();
    await waitFor(() => expect(screen.queryByText(ADVISOR_TEXTS.disconnected)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: ADVISOR_TEXTS.send })).toBeEnabled();
    act(() => socket.receive('disconnect', 'transport close'));
    expect(await screen.findByText(ADVISOR_TEXTS.disconnected)).toBeInTheDocument();
  });

  it('starts a new chat with the suggestion chips; a chip sends its question', async () => {
    mockAdvisorApi();
    const { user } = render();
    await openPanel(user);
    const socket = await connectedSocket();
    const suggestion = await screen.findByTestId('advisor-suggestion');
    expect(within(suggestion).getByText(ADVISOR_TEXTS.welcome)).toBeInTheDocument();
    for (const chip of ADVISOR_SUGGESTIONS) expect(within(suggestion).getByRole('button', { name: chip.label })).toBeInTheDocument();
    await user.click(within(suggestion).getByRole('button', { name: ADVISOR_SUGGESTIONS[0]!.label }));
    await waitFor(() =>
      expect(socket.sent(ADVISOR_EVENTS.chat)).toEqual([
        { message: ADVISOR_SUGGESTIONS[0]!.value, threadId: null, offerIds: [], clientMessageId: expect.any(String) },
      ]),
    );
  });

  it('sends with Enter, makes a new line with Shift+Enter, and clears the box', async () => {
    mockAdvisorApi();
    const { user } = render();
    await openPanel(user);
    const socket = await connectedSocket();
    await screen.findByText(ADVISOR_TEXTS.welcome);
    await fill(user, questionBox(), 'Compare');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.paste('the open offers');
    expect(questionBox()).toHaveValue('Compare\nthe open offers');
    expect(socket.sent(ADVISOR_EVENTS.chat)).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(socket.sent(ADVISOR_EVENTS.chat)).toEqual([
        { message: 'Compare\nthe open offers', threadId: null, offerIds: [], clientMessageId: expect.any(String) },
      ]),
    );
    await waitFor(() => expect(questionBox()).toHaveValue(''));
  });

  it('shows the spinner, the question and Thinking..., the streamed text, then the answer with its sources and prompts', async () => {
    mockAdvisorApi();
    const { user, router } = render();
    const { socket, clientMessageId } = await ask(user);
    serverSends(socket, 'loading', { threadId: null, clientMessageId, loading: true });
    expect(await screen.findByRole('progressbar', { name: 'Answering' })).toBeInTheDocument();
    start(socket, clientMessageId);
    expect(await screen.findByText(ADVISOR_TEXTS.thinking)).toBeInTheDocument();
    expect(screen.getByText('Which open offers have a target IRR above 15%?')).toBeInTheDocument();
    serverSends(socket, 'typing', { threadId: THREAD_ID, clientMessageId, itemId: itemId(2), message: 'One open offer' });
    expect(await screen.findByText('One open offer')).toBeInTheDocument();
    expect(screen.queryByText(ADVISOR_TEXTS.thinking)).not.toBeInTheDocument();
    const finished = answer({
      status: 'success',
      message:
        'One open offer has a target IRR above 15%: **[Harbor Point](/marketplace/offers/harbor-point)** (16.5%).\n\n- see [this site](https://evil.example)\n- <img src=x onerror=alert(1)>',
      citations: [
        { offerId: 'd4d4d4d4d4d4d4d4d4d4d4d4', slug: 'harbor-point', name: 'Harbor Point', path: '/marketplace/offers/harbor-point' },
      ],
      prompts: [{ id: 'compare', label: 'Compare them', value: 'Compare these offers' }],
    });
    serverSends(socket, 'finished', { threadId: THREAD_ID, clientMessageId, item: finished });
    const links = await screen.findAllByRole('link', { name: 'Harbor Point' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/marketplace/offers/harbor-point');
    expect(screen.getByText(ADVISOR_TEXTS.sources)).toBeInTheDocument();
    // An address outside the app is its text only; HTML is text too.
    expect(screen.getByText('this site')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'this site' })).not.toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    serverSends(socket, 'loading', { threadId: THREAD_ID, clientMessageId, loading: false });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Answering' })).not.toBeInTheDocument());
    expect(await blockingViolations()).toEqual([]);

    // A follow-up prompt sends its question in the same thread; a source link is followed in the app.
    await user.click(screen.getByRole('button', { name: 'Compare them' }));
    await waitFor(() => expect(socket.sent(ADVISOR_EVENTS.chat)).toHaveLength(2));
    expect(socket.sent(ADVISOR_EVENTS.chat)[1]).toMatchObject({ message: 'Compare these offers', threadId: THREAD_ID });
    await user.click(links[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/offers/harbor-point'));
  });

  it('shows an error in the panel, puts the question back and lets the user send again', async () => {
    mockAdvisorApi();
    const { user } = render();
    const { socket, clientMessageId } = await ask(user, 'Hello there');
    serverSends(socket, 'loading', { threadId: null, clientMessageId, loading: true });
    expect(screen.getByRole('button', { name: ADVISOR_TEXTS.send })).toBeDisabled();
    serverSends(socket, 'error', { threadId: null, clientMessageId, code: 'rate-limited', message: ADVISOR_TEXTS.rateLimited });
    serverSends(socket, 'loading', { threadId: null, clientMessageId, loading: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(ADVISOR_TEXTS.rateLimited);
    await waitFor(() => expect(questionBox()).toHaveValue('Hello there'));
    expect(screen.getByRole('button', { name: ADVISOR_TEXTS.send })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: ADVISOR_TEXTS.send }));
    await waitFor(() => expect(socket.sent(ADVISOR_EVENTS.chat)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('stops waiting when the server says nothing about a question for too long, and says the advisor is unavailable', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockAdvisorApi();
      const { user } = render();
      const { socket, clientMessageId } = await ask(user, 'Hello there');
      // Each word from the server about the question starts the wait again.
      act(() => {
        vi.advanceTimersByTime(ANSWER_SILENCE_MS - 1000);
      });
      start(socket, clientMessageId);
      act(() => {
        vi.advanceTimersByTime(ANSWER_SILENCE_MS - 1000);
      });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(await screen.findByRole('alert')).toHaveTextContent(ADVISOR_TEXTS.unavailable);
      await waitFor(() => expect(questionBox()).toHaveValue('Hello there'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a question over the limit, with a counter near it', async () => {
    mockAdvisorApi();
    const { user } = render();
    await openPanel(user);
    const socket = await connectedSocket();
    await screen.findByText(ADVISOR_TEXTS.welcome);
    await fill(user, questionBox(), 'a'.repeat(ADVISOR_LIMITS.messageMax - 100));
    expect(await screen.findByText(`${ADVISOR_LIMITS.messageMax - 100} / ${ADVISOR_LIMITS.messageMax}`)).toBeInTheDocument();
    await user.paste('a'.repeat(101));
    expect(await screen.findByText(new RegExp(ADVISOR_TEXTS.tooLong))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ADVISOR_TEXTS.send })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(socket.sent(ADVISOR_EVENTS.chat)).toEqual([]);
  });

  it('reloads the most recent chat, shows its last 20 items and loads older ones when scrolled to the top', async () => {
    const old = new Date(Date.now() - 10 * 24 * 3600 * 1000).toISOString();
    const items = Array.from({ length: 25 }, (_, i) =>
      makeChatItem({
        id: itemId(i + 1),
        message: `Message ${i + 1}`,
        sender: i % 2 ? 'advisor' : 'user',
        position: i % 2 ? 'left' : 'right',
        timestamp: i < 5 ? old : new Date().toISOString(),
      }),
    );
    const fetchMock = mockAdvisorApi([makeThread(), makeThread({ _id: OTHER_THREAD_ID, title: 'Older chat' })], { [THREAD_ID]: items });
    const { user } = render();
    await openPanel(user);
    expect(await screen.findByText('Message 25')).toBeInTheDocument();
    expect(screen.getByText('Message 6')).toBeInTheDocument();
    expect(screen.queryByText('Message 5')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('advisor-item')).toHaveLength(20);
    expect(screen.queryByText(ADVISOR_TEXTS.welcome)).not.toBeInTheDocument();
    expect(screen.getAllByText(formatRelativeOrDate(items[24]!.timestamp)).length).toBeGreaterThan(0);

    fireEvent.scroll(screen.getByTestId('advisor-log'));
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(screen.getAllByTestId('advisor-item')).toHaveLength(25);
    // Older than 7 days: a date, not a relative time.
    expect(screen.getAllByText(formatRelativeOrDate(old))).toHaveLength(5);
    expect(formatRelativeOrDate(old)).not.toMatch(/ago/);
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/messages'));
    expect(pages.map((u) => u.searchParams.get('before'))).toContain(itemId(6));
  });

  it('switches chats from the Chats menu, deletes one with a toast, and starts a new chat', async () => {
    mockAdvisorApi([makeThread(), makeThread({ _id: OTHER_THREAD_ID, title: 'Older chat' })], {
      [THREAD_ID]: [makeChatItem({ message: 'First chat question' })],
      [OTHER_THREAD_ID]: [makeChatItem({ id: itemId(9), threadId: OTHER_THREAD_ID, message: 'Older chat question' })],
    });
    const { user } = render();
    await openPanel(user);
    expect(await screen.findByText('First chat question')).toBeInTheDocument();
    // Escape closes the menu, not the panel.
    await user.click(screen.getByRole('button', { name: ADVISOR_TEXTS.history }));
    await screen.findByRole('list', { name: ADVISOR_TEXTS.history });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('list', { name: ADVISOR_TEXTS.history })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: ADVISOR_TEXTS.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ADVISOR_TEXTS.history }));
    const list = await screen.findByRole('list', { name: ADVISOR_TEXTS.history });
    await user.click(within(list).getByText('Older chat'));
    expect(await screen.findByText('Older chat question')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ADVISOR_TEXTS.history }));
    const again = await screen.findByRole('list', { name: ADVISOR_TEXTS.history });
    await user.click(within(again).getByRole('button', { name: `${ADVISOR_TEXTS.deleteThread}: Older chat` }));
    expect(await screen.findByText(ADVISOR_TEXTS.deleted)).toBeInTheDocument();
    // The chat on screen was the one deleted: a new one starts.
    expect(await screen.findByText(ADVISOR_TEXTS.welcome)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: ADVISOR_TEXTS.history }));
    const after = await screen.findByRole('list', { name: ADVISOR_TEXTS.history });
    await waitFor(() => expect(within(after).queryByText('Older chat')).not.toBeInTheDocument());
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: ADVISOR_TEXTS.newChat }));
    expect(screen.getByText(ADVISOR_TEXTS.welcome)).toBeInTheDocument();
  });

  it('opens full-screen on a 360 px phone, and passes axe', async () => {
    stubScreen(360);
    mockAdvisorApi();
    const { user } = render();
    await openPanel(user);
    await connectedSocket();
    await screen.findByText(ADVISOR_TEXTS.welcome);
    expect(screen.queryByTestId('advisor-frame')).not.toBeInTheDocument();
    expect(await blockingViolations()).toEqual([]);
  });

  it('is resizable on a wide screen, from 400x500', async () => {
    stubScreen(1280);
    mockAdvisorApi();
    const { user } = render();
    await openPanel(user);
    const frame = screen.getByTestId('advisor-frame').parentElement!;
    expect(frame.style.width).toBe('400px');
    expect(frame.style.height).toBe('500px');
    expect(frame.style.maxWidth).toBe('90vw');
    expect(frame.style.minHeight).toBe('500px');
    expect(fetchCalls()).toContain(ADVISOR_API);
  });
});

function fetchCalls(): string[] {
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL][] } };
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}
