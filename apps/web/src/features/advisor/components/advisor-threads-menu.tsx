import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import History from '@mui/icons-material/History';
import { Button, IconButton, List, ListItem, ListItemButton, ListItemText, Popover, Typography } from '@mui/material';
import { ADVISOR_TEXTS, type AdvisorThread } from '@tessera/domain';
import { useId, useState } from 'react';
import { formatRelativeOrDate } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDeleteAdvisorThread } from '../api/delete-advisor-thread.ts';

interface AdvisorThreadsMenuProps {
  threads: AdvisorThread[] | undefined;
  currentThreadId: string | null | undefined;
  onSelect: (threadId: string | null) => void;
  now: number;
}

/** 'Chats': the user's chats, to switch to one or delete it (the menu closes; a toast says 'chat deleted'). */
export function AdvisorThreadsMenu({ threads, currentThreadId, onSelect, now }: AdvisorThreadsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listId = useId();
  const remove = useDeleteAdvisorThread();
  const { enqueueSnackbar } = useSnackbar();

  function deleteThread(thread: AdvisorThread) {
    setAnchor(null);
    remove.mutate(thread._id, {
      onSuccess: () => {
        enqueueSnackbar(ADVISOR_TEXTS.deleted, { variant: 'success' });
        if (thread._id === currentThreadId) onSelect(null);
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  }

  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<History />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? listId : undefined}
      >
        {ADVISOR_TEXTS.history}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)', maxHeight: 400 } } }}
      >
        {threads && threads.length === 0 ? (
          <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
            {ADVISOR_TEXTS.noThreads}
          </Typography>
        ) : (
          <List id={listId} dense aria-label={ADVISOR_TEXTS.history}>
            {(threads ?? []).map((thread) => (
              <ListItem
                key={thread._id}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`${ADVISOR_TEXTS.deleteThread}: ${thread.title}`}
                    disabled={remove.isPending}
                    onClick={() => deleteThread(thread)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemButton
                  selected={thread._id === currentThreadId}
                  onClick={() => {
                    onSelect(thread._id);
                    setAnchor(null);
                  }}
                >
                  <ListItemText
                    primary={thread.title}
                    secondary={formatRelativeOrDate(thread.lastMessageAt, now)}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
