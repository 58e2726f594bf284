import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { MfaStatus } from '@tessera/domain';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { formatDate } from '../../../lib/format.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { passkeysSupported } from '../../../lib/webauthn.ts';
import { useDisableTotp } from '../api/disable-totp.ts';
import { hasSecondFactor, useMfaStatus } from '../api/get-mfa-status.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { RecoveryCodesView } from './recovery-codes-view.tsx';

// The dialogs load when opened: the account page carries neither them nor the QR and passkey code until asked.
const TotpSetupDialog = lazy(() => import('./totp-setup-dialog.tsx').then((m) => ({ default: m.TotpSetupDialog })));
const AddPasskeyDialog = lazy(() => import('./add-passkey-dialog.tsx').then((m) => ({ default: m.AddPasskeyDialog })));

export const TWO_STEP_TEXTS = {
  turnedOff: 'Two-step verification turned off',
  passkeyRemoved: 'Passkey removed',
  codesGenerated: 'New recovery codes generated',
} as const;

/** One way of signing in, its state and its action, as a row of the section. */
function FactorRow({
  title,
  description,
  status,
  action,
  children,
}: {
  title: string;
  description: string;
  status?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <div>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {status}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        </div>
        {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
      </Stack>
      {children}
    </Box>
  );
}

function onOff(on: boolean) {
  return <Chip size="small" label={on ? 'On' : 'Off'} color={on ? 'success' : 'default'} variant="outlined" />;
}

/**
 * The Account page's "Two-step verification" (issue #21): an authenticator app, passkeys and recovery codes. Turning
 * anything off, removing a passkey and new codes ask to confirm; the server may ask the person to confirm it is them
 * first (the app's step-up dialog), which the API client does by itself.
 */
export function TwoStepSettings() {
  const status = useMfaStatus();
  if (status.isPending) return <SkeletonList rows={3} rowHeight={56} label="Loading two-step verification" />;
  if (status.isError) return <ErrorBlock error={status.error} onRetry={() => void status.refetch()} />;
  return <Factors status={status.data} />;
}

function Factors({ status }: { status: MfaStatus }) {
  const { enqueueSnackbar } = useSnackbar();
  const { name: tenantName } = useTenant();
  const { confirm, confirmDialog } = useConfirm();
  const disableTotp = useDisableTotp();
  const removePasskey = useRemovePasskey();
  const regenerate = useRegenerateRecoveryCodes();
  const [dialog, setDialog] = useState<'totp' | 'passkey' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const codesTitleId = useId();
  const anyFactor = hasSecondFactor(status);
  const supported = passkeysSupported();

  // A factor meets the tenant's requirement: the rest of the app opens, once the dialog (and its recovery codes, shown
  // once) is closed, since the Account page then shows its other sections and this one moves.
  const open = dialog !== null || newCodes !== null;
  useEffect(() => {
    if (anyFactor && !open) sessionStore.setMfaSetupRequired(false);
  }, [anyFactor, open]);

  const turnOffTotp = () =>
    confirm({
      title: 'Turn off the authenticator app?',
      message: status.passkeys.length
        ? 'You will sign in with your passkeys or a recovery code instead.'
        : 'Signing in will ask for your password only.',
      confirmLabel: 'Turn off',
      destructive: true,
      onConfirm: async () => {
        await disableTotp.mutateAsync();
        enqueueSnackbar(TWO_STEP_TEXTS.turnedOff, { variant: 'success' });
      },
    });

  const remove = (passkey: MfaStatus['passkeys'][number]) =>
    confirm({
      title: 'Remove this passkey?',
      message: `"${passkey.name}" will no longer sign you in.`,
      confirmLabel: 'Remove',
      destructive: true,
      onConfirm: async () => {
        await removePasskey.mutateAsync(passkey.id);
        enqueueSnackbar(TWO_STEP_TEXTS.passkeyRemoved, { variant: 'success' });
      },
    });

  // Told once the codes' dialog has closed: a toast under it is hidden from screen readers.
  const codesStored = () => {
    setNewCodes(null);
    enqueueSnackbar(TWO_STEP_TEXTS.codesGenerated, { variant: 'success' });
  };

  const generate = () =>
    confirm({
      title: 'Generate new recovery codes?',
      message: 'Your current recovery codes will stop working.',
      confirmLabel: 'Generate',
      onConfirm: async () => {
        const result = await regenerate.mutateAsync();
        setNewCodes(result.codes);
      },
    });

  return (
    <>
      <Stack spacing={2.5} divider={<Divider flexItem />}>
        <FactorRow
          title="Authenticator app"
          description="A 6-digit code from an app on your phone."
          status={onOff(status.totp.enabled)}
          action={
            status.totp.enabled ? (
              <Button color="error" onClick={turnOffTotp}>
                Turn off
              </Button>
            ) : (
              <Button variant="contained" onClick={() => setDialog('totp')}>
                Set up
              </Button>
            )
          }
        />
        <FactorRow
          title="Passkeys"
          description="Sign in with your fingerprint, face, device PIN or a security key."
          action={
            <Tooltip title={supported ? '' : 'This browser cannot use passkeys'}>
              <span>
                <Button variant="outlined" onClick={() => setDialog('passkey')} disabled={!supported}>
                  Add a passkey
                </Button>
              </span>
            </Tooltip>
          }
        >
          {status.passkeys.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              No passkeys yet.
            </Typography>
          ) : (
            <List dense disablePadding aria-label="Passkeys" sx={{ mt: 1 }}>
              {status.passkeys.map((passkey) => (
                <ListItem
                  key={passkey.id}
                  disableGutters
                  secondaryAction={
                    <Tooltip title="Remove">
                      <IconButton edge="end" aria-label={`Remove passkey ${passkey.name}`} onClick={() => remove(passkey)}>
                        <DeleteOutlined />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemText
                    primary={passkey.name}
                    secondary={`Added ${formatDate(passkey.createdAt)} · Last used ${passkey.lastUsedAt ? formatDate(passkey.lastUsedAt) : 'never'}`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </FactorRow>
        <FactorRow
          title="Recovery codes"
          description={
            anyFactor
              ? `${status.recoveryCodesLeft} ${status.recoveryCodesLeft === 1 ? 'code' : 'codes'} left. Each signs you in once when your app or passkey is not at hand.`
              : 'You get recovery codes when you turn on an authenticator app or add a passkey.'
          }
          action={
            anyFactor && (
              <Button variant="outlined" onClick={generate}>
                Generate new codes
              </Button>
            )
          }
        />
      </Stack>
      {confirmDialog}
      <Suspense fallback={null}>
        {dialog === 'totp' && <TotpSetupDialog open onClose={() => setDialog(null)} />}
        {dialog === 'passkey' && <AddPasskeyDialog open onClose={() => setDialog(null)} />}
      </Suspense>
      <Dialog open={newCodes !== null} fullWidth maxWidth="sm" aria-labelledby={codesTitleId}>
        <DialogTitle id={codesTitleId}>Your new recovery codes</DialogTitle>
        {newCodes && <RecoveryCodesView codes={newCodes} tenantName={tenantName} onDone={codesStored} />}
      </Dialog>
    </>
  );
}
