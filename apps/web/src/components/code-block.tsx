import ContentCopy from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Paper, Tooltip } from '@mui/material';
import { useSnackbar } from '../lib/toast.tsx';

/** A block of code (a curl command, a JSON example) with a copy button. */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => enqueueSnackbar('Copied', { variant: 'info' }),
      () => undefined,
    );
  return (
    <Paper variant="outlined" sx={{ position: 'relative', p: 2, pr: 6, bgcolor: 'action.hover', minWidth: 0 }}>
      <Box
        component="pre"
        aria-label={label}
        // A long block scrolls: keyboard users reach it to scroll it too.
        tabIndex={0}
        sx={{ m: 0, fontSize: '0.8rem', whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 420, overflow: 'auto' }}
        data-testid={testId}
      >
        {code}
      </Box>
      <Tooltip title="Copy">
        <IconButton aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy()} sx={{ position: 'absolute', top: 4, right: 4 }}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
