import { Alert, Box, Button, CircularProgress, LinearProgress, Stack } from '@mui/material';
import { ADVISOR_PANEL, ADVISOR_SUGGESTIONS, ADVISOR_TEXTS, type ChatItem } from '@tessera/domain';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { itemsOf, useAdvisorMessages } from '../api/list-advisor-messages.ts';
import { AdvisorItem } from './advisor-item.tsx';

/** A new chat's opening item: the welcome and the suggestion chips (001 §3, position centre). */
const WELCOME: ChatItem = {
  id: 'welcome',
  threadId: 'new',
  type: 'suggestion',
  message: ADVISOR_TEXTS.welcome,
  sender: 'advisor',
  position: 'center',
  status: 'success',
  timestamp: new Date(0).toISOString(),
  prompts: [...ADVISOR_SUGGESTIONS],
  citations: [],
};

/** How close to an edge counts as being at it, in pixels. */
const EDGE = 48;

interface AdvisorMessagesProps {
  threadId: string | null | undefined;
  /** The thread was started in this panel: its welcome stays on top. */
  startedHere: boolean;
  now: number;
  onPrompt: (value: string) => void;
  promptsDisabled: boolean;
}

/**
 * The chat's items (000 §9): the last 20, and 20 more each time the list is scrolled to its top, from those loaded or
 * from the next older page. The list follows a streaming answer while it is scrolled to the bottom, and keeps its
 * place when older items are added above.
 */
export function AdvisorMessages({ threadId, startedHere, now, onPrompt, promptsDisabled }: AdvisorMessagesProps) {
  const messages = useAdvisorMessages(threadId ?? null);
  const [shown, setShown] = useState<number>(ADVISOR_PANEL.itemsShown);
  const [shownFor, setShownFor] = useState(threadId);
  if (shownFor !== threadId) {
    setShownFor(threadId);
    setShown(ADVISOR_PANEL.itemsShown);
  }
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The scroll height before older items were added, to keep the reader's place. */
  const heightBeforeOlder = useRef<number | null>(null);

  const all = threadId ? itemsOf(messages.data) : [];
  const items = all.slice(-shown);
  const olderHidden = all.length > shown;
  const first = items[0]?.id;
  const last = items.at(-1);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [items.length, first, last?.id, last?.message, last?.status]);

  // The list grows without a render of its own too (fonts arriving, the panel resized, a table laid out): still at the
  // bottom, it stays there.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (!el || !content.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && heightBeforeOlder.current === null) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content.current);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  function loadOlder() {
    const el = scroller.current;
    if (olderHidden) {
      heightBeforeOlder.current = el?.scrollHeight ?? null;
      setShown((n) => n + ADVISOR_PANEL.itemsShown);
    } else if (messages.hasNextPage && !messages.isFetchingNextPage) {
      void messages.fetchNextPage().then(() => {
        heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
        setShown((n) => n + ADVISOR_PANEL.itemsShown);
      });
    }
  }

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE;
    if (el.scrollTop < EDGE) loadOlder();
  }

  const waitingForThread = threadId === undefined || (threadId !== null && messages.isPending);
  const showWelcome = threadId === null || (startedHere && !olderHidden && !messages.hasNextPage);
  const streaming = last?.status === 'typing';

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label="Conversation"
      aria-live="polite"
      aria-busy={streaming || waitingForThread}
      data-testid="advisor-log"
      // A scrollable region is reachable with the keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 1.5, py: 1, outline: 'none' }}
    >
      <div ref={content}>
        {messages.isFetchingNextPage && <LinearProgress aria-label={ADVISOR_TEXTS.loadingOlder} sx={{ mb: 1 }} />}
        {waitingForThread ? (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress size={24} aria-label="Loading chat" />
          </Stack>
        ) : messages.isError && threadId ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void messages.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(messages.error)}
          </Alert>
        ) : (
          <Stack spacing={1.5}>
            {showWelcome && <AdvisorItem item={WELCOME} now={now} onPrompt={onPrompt} promptsDisabled={promptsDisabled} />}
            {items.map((item) => (
              <AdvisorItem key={item.id} item={item} now={now} onPrompt={onPrompt} promptsDisabled={promptsDisabled} />
            ))}
          </Stack>
        )}
      </div>
    </Box>
  );
}
