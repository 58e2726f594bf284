import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { describeError } from './error-details.ts';

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Paints the confirm button in the error colour (delete, leave without saving). */
  destructive?: boolean;
  /** May return a promise: the button stays busy meanwhile, and a failure keeps the dialog open showing the error. */
  onConfirm: () => unknown;
}

interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** Called on Cancel, on Escape or backdrop click (unless busy) and after onConfirm succeeds. */
  onClose: () => void;
}

/** A confirmation dialog; §8: buttons default to 'Cancel' and 'Ok'. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Ok',
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  // Shows its own failure in the dialog, so the button's click does not wait for it.
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (err) {
      setBusy(false);
      setError(err ?? new Error('Unknown error'));
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {message && <DialogContentText component="div">{message}</DialogContentText>}
        {error !== null && (
          <Alert severity="error" sx={{ mt: message ? 2 : 0, wordBreak: 'break-word' }}>
            {describeError(error).message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={() => void confirm()} loading={busy} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
