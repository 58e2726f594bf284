import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useSnackbar } from '../lib/toast.tsx';

interface ShownOnceDialogProps {
  /** The secret; null closes the dialog (and drops the secret). */
  value: string | null;
  title: string;
  /** The warning that it will not be shown again. */
  warning: string;
  /** The field's label, e.g. 'API key' or 'Signing secret'. */
  label: string;
  testId?: string;
  /** Below the field: how to use it. */
  children?: ReactNode;
  onClose: () => void;
}

/**
 * Shows a secret the server sends only once (an API key, a webhook signing secret), with a copy button: closing the
 * dialog drops it. A click on the backdrop does not close it, so the secret is not lost by accident.
 */
export function ShownOnceDialog({ value, title, warning, label, testId, children, onClose }: ShownOnceDialogProps) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(value ?? '').then(
      () => enqueueSnackbar(`${label} copied`, { variant: 'info' }),
      () => enqueueSnackbar(`Could not copy: select the ${label.toLowerCase()} and copy it by hand`, { variant: 'warning' }),
    );

  return (
    <Dialog
      open={value !== null}
      onClose={(_e, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        {value !== null && (
          <TextField
            label={label}
            value={value}
            fullWidth
            multiline
            onFocus={(e) => e.target.select()}
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': testId,
                spellCheck: false,
                style: { fontFamily: 'monospace', wordBreak: 'break-all' },
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy">
                      <IconButton aria-label={`Copy ${label}`} onClick={() => void copy()} edge="end">
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
