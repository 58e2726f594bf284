import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { describeError } from './error-details.ts';

interface DialogErrorPanelProps {
  /** The dialog is open while an error is set. */
  error: unknown;
  onClose: () => void;
}

/** §8: the error dialog titled 'Error' with a 'Close' button. */
export function DialogErrorPanel({ error, onClose }: DialogErrorPanelProps) {
  const titleId = useId();
  const open = error !== null && error !== undefined;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Error</DialogTitle>
      <DialogContent>
        {open && (
          <Alert severity="error" variant="outlined" sx={{ wordBreak: 'break-word' }}>
            {describeError(error).message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
