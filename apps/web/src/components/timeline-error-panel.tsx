import { Alert, AlertTitle, Box, Button, Collapse, Stack } from '@mui/material';
import { truncate } from '@tessera/domain';
import { useState } from 'react';
import { describeError } from './error-details.ts';

interface TimelineErrorPanelProps {
  error: unknown;
  onRetry?: () => void;
}

/** §8: the timeline's error panel; the message is shortened until 'Show more'. */
export function TimelineErrorPanel({ error, onRetry }: TimelineErrorPanelProps) {
  const [expanded, setExpanded] = useState(false);
  const { name, message } = describeError(error);
  const status = error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;
  return (
    <Alert severity="error" variant="outlined" role="alert">
      <AlertTitle>Could not load the timeline</AlertTitle>
      {!expanded && truncate(message)}
      <Collapse in={expanded} unmountOnExit>
        <Box sx={{ wordBreak: 'break-word' }}>
          <div>{message}</div>
          <Box component="div" sx={{ mt: 1, color: 'text.secondary', fontFamily: 'monospace' }}>
            {status === null ? name : `${name} (${status})`}
          </Box>
        </Box>
      </Collapse>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" color="error" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : 'Show more'}
        </Button>
        {onRetry && (
          <Button size="small" color="error" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
