import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, Checkbox, DialogActions, DialogContent, FormControlLabel, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { saveFile } from '../../../lib/save-file.ts';
import { useSnackbar } from '../../../lib/toast.tsx';

export const RECOVERY_CODES_SHOWN_ONCE =
  'Store these codes somewhere safe, such as a password manager. Each works once if you lose your authenticator or passkey. They will not be shown again.';

/** The codes as a text file: one a line, with a heading saying what they are. */
function codesFile(codes: readonly string[], tenantName: string): Blob {
  const heading = `${tenantName} recovery codes. Each code can be used once to sign in without your second factor.`;
  return new Blob([[heading, '', ...codes, ''].join('\n')], { type: 'text/plain' });
}

/**
 * Recovery codes, shown once (after the first factor, or newly generated): copy or download them, and say they are
 * stored before closing. Renders a dialog's content and actions.
 */
export function RecoveryCodesView({ codes, tenantName, onDone }: { codes: readonly string[]; tenantName: string; onDone: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [stored, setStored] = useState(false);

  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => enqueueSnackbar('Recovery codes copied', { variant: 'info' }),
      () => enqueueSnackbar('Could not copy: select the codes and copy them by hand', { variant: 'warning' }),
    );

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{RECOVERY_CODES_SHOWN_ONCE}</Alert>
          <Box
            component="ol"
            aria-label="Recovery codes"
            sx={{
              m: 0,
              p: 2,
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              gap: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              fontSize: '1rem',
              textAlign: 'center',
              userSelect: 'all',
            }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
              Copy
            </Button>
            <Button
              variant="outlined"
              startIcon={<Download />}
              onClick={() =>
                saveFile(codesFile(codes, tenantName), `${tenantName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`)
              }
            >
              Download
            </Button>
          </Stack>
          <FormControlLabel
            control={<Checkbox checked={stored} onChange={(event) => setStored(event.target.checked)} />}
            label={<Typography variant="body2">I have stored my recovery codes</Typography>}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone} disabled={!stored}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
