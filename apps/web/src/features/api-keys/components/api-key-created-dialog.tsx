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
import { apiKeyKindLabels, type ApiKeyCreated } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useId } from 'react';

export const KEY_SHOWN_ONCE = 'Copy this key now: it will not be shown again.';

/** Shows a freshly generated key, once: closing the dialog drops it. */
export function ApiKeyCreatedDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const copy = () =>
    navigator.clipboard.writeText(created!.key).then(
      () => enqueueSnackbar('API key copied', { variant: 'info' }),
      () => enqueueSnackbar('Could not copy: select the key and copy it by hand', { variant: 'warning' }),
    );

  return (
    <Dialog
      open={created !== null}
      onClose={(_e, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{created ? `${apiKeyKindLabels[created.kind]} API key generated` : ''}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {KEY_SHOWN_ONCE}
        </Alert>
        {created && (
          <TextField
            label="API key"
            value={created.key}
            fullWidth
            multiline
            onFocus={(e) => e.target.select()}
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': 'api-key-value',
                spellCheck: false,
                style: { fontFamily: 'monospace', wordBreak: 'break-all' },
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy">
                      <IconButton aria-label="Copy API key" onClick={() => void copy()} edge="end">
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
