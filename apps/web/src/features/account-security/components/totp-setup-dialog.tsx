import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { OneTimeCodeField, TOTP_CODE_LENGTH } from '../../../components/one-time-code-field.tsx';
import { preventedSubmit } from '../../../lib/form-submit.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { FormError } from '../../auth/index.ts';
import { useConfirmTotp } from '../api/confirm-totp.ts';
import { useStartTotpEnrollment } from '../api/start-totp-enrollment.ts';
import { RecoveryCodesView } from './recovery-codes-view.tsx';

export const TOTP_TURNED_ON = 'Two-step verification turned on';

/** The secret in groups of four, as authenticator apps show keys typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up an authenticator app: scan the QR code (or type the key), prove it with a first code, then, for the
 * account's first factor, the recovery codes, shown once.
 */
export function TotpSetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { name: tenantName } = useTenant();
  const { enqueueSnackbar } = useSnackbar();
  const start = useStartTotpEnrollment();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const enrollment = start.data;

  // A fresh secret each time the dialog opens; an abandoned one never becomes active.
  const { mutate: begin, reset: resetStart } = start;
  useEffect(() => {
    if (!open) return;
    begin();
    return () => resetStart();
  }, [open, begin, resetStart]);

  const close = () => {
    setCode('');
    setCodes(null);
    confirm.reset();
    onClose();
  };

  const done = () => {
    enqueueSnackbar(TOTP_TURNED_ON, { variant: 'success' });
    close();
  };

  const submit = () => {
    if (code.length !== TOTP_CODE_LENGTH || confirm.isPending) return;
    confirm.mutate(code, {
      // Told once the person is back on the page: a toast under the codes' dialog is hidden from screen readers.
      onSuccess: (result) => {
        if (result.codes.length > 0) setCodes(result.codes);
        else done();
      },
    });
  };

  const copySecret = () =>
    navigator.clipboard.writeText(enrollment?.secret ?? '').then(
      () => enqueueSnackbar('Key copied', { variant: 'info' }),
      () => enqueueSnackbar('Could not copy: select the key and copy it by hand', { variant: 'warning' }),
    );

  return (
    <Dialog
      open={open}
      // The codes are shown once: only Done (after ticking that they are stored) closes that step.
      onClose={() => codes === null && !confirm.isPending && close()}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{codes ? 'Save your recovery codes' : 'Set up an authenticator app'}</DialogTitle>
      {codes ? (
        <RecoveryCodesView codes={codes} tenantName={tenantName} onDone={done} />
      ) : (
        <Stack component="form" noValidate onSubmit={preventedSubmit(submit)} sx={{ minHeight: 0, flex: phone ? 1 : undefined }}>
          <DialogContent>
            <Stack spacing={2}>
              <Typography variant="body2">
                Scan this QR code with an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.
              </Typography>
              <Box sx={{ alignSelf: 'center', p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
                {enrollment ? (
                  <img src={enrollment.qrCode} alt="QR code to scan with your authenticator app" width={184} height={184} />
                ) : (
                  <Skeleton variant="rectangular" width={184} height={184} role="progressbar" aria-label="Loading the QR code" />
                )}
              </Box>
              <Box>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Can&apos;t scan it? Enter this key in the app instead:
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                  <Typography
                    data-testid="totp-secret"
                    sx={{ fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere', userSelect: 'all' }}
                  >
                    {enrollment ? grouped(enrollment.secret) : '…'}
                  </Typography>
                  <Tooltip title="Copy">
                    <span>
                      <IconButton aria-label="Copy the key" onClick={() => void copySecret()} disabled={!enrollment} size="small">
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              </Box>
              <OneTimeCodeField
                kind="totp"
                label="6-digit code"
                helperText="The code the app shows now"
                value={code}
                onChange={setCode}
                error={Boolean(confirm.error)}
                disabled={!enrollment || confirm.isPending}
              />
              <FormError error={start.error ?? confirm.error} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={confirm.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!enrollment || code.length !== TOTP_CODE_LENGTH}
              loading={confirm.isPending}
            >
              Verify and turn on
            </Button>
          </DialogActions>
        </Stack>
      )}
    </Dialog>
  );
}
