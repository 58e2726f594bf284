import AddComment from '@mui/icons-material/AddCommentOutlined';
import Close from '@mui/icons-material/Close';
import DragHandle from '@mui/icons-material/DragIndicator';
import { Alert, Box, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { ADVISOR_LIMITS, ADVISOR_PANEL, ADVISOR_TEXTS } from '@tessera/domain';
import { Resizable } from 're-resizable';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNow } from '../../../hooks/use-now.ts';
import { useRealtimeConnection } from '../../../lib/realtime/use-realtime.ts';
import { useAdvisorChat } from '../hooks/use-advisor-chat.ts';
import { AdvisorComposer } from './advisor-composer.tsx';
import { AdvisorMessages } from './advisor-messages.tsx';
import { AdvisorThreadsMenu } from './advisor-threads-menu.tsx';

/** Above the app bar and the navigation drawer, below dialogs (the Chats menu) and toasts. */
const zIndex = (theme: Theme) => theme.zIndex.drawer + 50;

/** Where the panel floats (bottom right, resizable from its top and left edges), or the whole screen under 600 px. */
function Frame({ narrow, onResized, children }: { narrow: boolean; onResized: () => void; children: ReactNode }) {
  if (narrow) {
    return (
      <Paper square elevation={0} sx={{ position: 'fixed', inset: 0, zIndex, display: 'flex', flexDirection: 'column' }}>
        {children}
      </Paper>
    );
  }
  return (
    <Box sx={{ position: 'fixed', right: 24, bottom: 24, zIndex }}>
      <Resizable
        defaultSize={{ width: ADVISOR_PANEL.defaultWidth, height: ADVISOR_PANEL.defaultHeight }}
        minWidth={ADVISOR_PANEL.minWidth}
        minHeight={ADVISOR_PANEL.minHeight}
        maxWidth={ADVISOR_PANEL.maxWidth}
        maxHeight={ADVISOR_PANEL.maxHeight}
        enable={{ top: true, left: true, topLeft: true }}
        // The drag leaves focus on the page: it goes back to the question box, so Escape still closes the panel.
        onResizeStop={onResized}
        handleComponent={{
          topLeft: (
            <Box
              aria-hidden
              data-testid="advisor-resize-handle"
              sx={{ color: 'text.secondary', display: 'grid', placeItems: 'center', width: 1, height: 1, transform: 'rotate(45deg)' }}
            >
              <DragHandle sx={{ fontSize: 14 }} />
            </Box>
          ),
        }}
        handleStyles={{ topLeft: { width: 20, height: 20, left: 0, top: 0, zIndex: 1 } }}
      >
        <Paper
          elevation={8}
          sx={{ height: 1, display: 'flex', flexDirection: 'column', overflow: 'hidden', borderRadius: 2 }}
          data-testid="advisor-frame"
        >
          {children}
        </Paper>
      </Resizable>
    </Box>
  );
}

/**
 * The AI Advisor's floating panel (001 §2): a chat about the marketplace on the shared socket. Its most recent chat
 * comes back when it opens; 'New chat' starts another and 'Chats' switches or deletes. Escape closes it.
 */
export function AdvisorPanel({ onClose }: { onClose: () => void }) {
  useRealtimeConnection();
  const chat = useAdvisorChat();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const now = useNow(60_000);
  const titleId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  /** The question last sent, put back in the box if it was refused. */
  const sent = useRef('');

  // Focus goes to the question box on open, and back where it was on close.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    return () => before?.focus();
  }, []);

  useEffect(() => {
    const refused = sent.current;
    if (chat.error && refused) {
      setDraft((current) => current || refused);
      sent.current = '';
    }
  }, [chat.error]);

  const canSend = chat.connected && !chat.waiting && chat.threadId !== undefined;

  function send(message: string) {
    if (message.length > ADVISOR_LIMITS.messageMax || !chat.send(message)) return;
    sent.current = message;
    setDraft('');
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    // A menu of the panel (rendered in a portal) closes itself first; its Escape bubbles here through React's tree.
    if (event.key !== 'Escape' || !event.currentTarget.contains(event.target as Node)) return;
    event.stopPropagation();
    onClose();
  }

  function newChat() {
    chat.selectThread(null);
    inputRef.current?.focus();
  }

  return (
    <Frame narrow={narrow} onResized={() => inputRef.current?.focus()}>
      <Stack role="dialog" aria-labelledby={titleId} aria-modal={false} onKeyDown={onKeyDown} sx={{ height: 1, minHeight: 0, flex: 1 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', pl: 2, pr: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
            {ADVISOR_TEXTS.title}
          </Typography>
          {chat.loading && <CircularProgress size={18} aria-label="Answering" sx={{ mr: 1 }} />}
          <AdvisorThreadsMenu threads={chat.threads.data?.data} currentThreadId={chat.threadId} onSelect={chat.selectThread} now={now} />
          <Tooltip title={ADVISOR_TEXTS.newChat}>
            <IconButton aria-label={ADVISOR_TEXTS.newChat} onClick={newChat} size="small">
              <AddComment fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={ADVISOR_TEXTS.close}>
            <IconButton aria-label={ADVISOR_TEXTS.close} onClick={onClose} size="small">
              <Close fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {!chat.connected && (
          <Alert severity="warning" sx={{ borderRadius: 0 }}>
            {ADVISOR_TEXTS.disconnected}
          </Alert>
        )}
        <AdvisorMessages
          threadId={chat.threadId}
          startedHere={chat.threadId !== null && chat.threadId === chat.startedHere}
          now={now}
          onPrompt={send}
          promptsDisabled={!canSend}
        />
        {chat.error && (
          <Alert severity="error" onClose={chat.dismissError} sx={{ borderRadius: 0 }}>
            {chat.error}
          </Alert>
        )}
        <AdvisorComposer value={draft} onChange={setDraft} onSend={() => send(draft)} canSend={canSend} inputRef={inputRef} />
      </Stack>
    </Frame>
  );
}
