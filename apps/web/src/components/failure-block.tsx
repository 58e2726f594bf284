import { Alert, AlertTitle, Box, Button, Collapse, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { describeError } from './error-details.ts';

export interface FailureBlockProps {
  error?: unknown;
  onRetry?: () => void;
  title?: string;
}

/** 'Something went wrong' with Try again, Reload and Show details (§8); error-block.tsx loads it when a failure shows. */
export function FailureBlock({ error, onRetry, title = 'Something went wrong' }: FailureBlockProps) {
  const [open, setOpen] = useState(false);
  const { name, message } = describeError(error);
  return (
    <Alert severity="error" variant="outlined" role="alert" sx={{ m: 2 }}>
      <AlertTitle>{title}</AlertTitle>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        {onRetry && (
          <Button size="small" variant="contained" color="error" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Button size="small" variant="outlined" color="error" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button size="small" color="error" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide details' : 'Show details'}
        </Button>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box component="pre" sx={{ mt: 2, mb: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace' }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 'bold', fontFamily: 'inherit' }}>
            {name}
          </Typography>
          <Typography component="span" variant="body2" sx={{ display: 'block', fontFamily: 'inherit' }}>
            {message}
          </Typography>
        </Box>
      </Collapse>
    </Alert>
  );
}
