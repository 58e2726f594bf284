import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, Stack, TextField } from '@mui/material';
import type { MfaStatus } from '@tessera/domain';
import { useId, useState } from 'react';
import { OneTimeCodeField, TOTP_CODE_LENGTH } from '../../../components/one-time-code-field.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { preventedSubmit } from '../../../lib/form-submit.ts';
import { passkeysSupported } from '../../../lib/webauthn.ts';
import { FormError } from '../../auth/index.ts';
import { hasSecondFactor, useMfaStatus } from '../api/get-mfa-status.ts';
import { useStepUp } from '../api/step-up.ts';

type Method = 'password' | 'totp' | 'recovery' | 'webauthn';

export const STEP_UP_TEXTS: Record<Method, string> = {
  password: 'Enter your password to continue.',
  totp: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of your recovery codes.',
  webauthn: 'Use your passkey to continue.',
};

function firstMethod(status: MfaStatus): Method {
  if (!hasSecondFactor(status)) return 'password';
  if (status.totp.enabled) return 'totp';
  return status.passkeys.length > 0 && passkeysSupported() ? 'webauthn' : 'recovery';
}

/**
 * "Confirm it's you" (issue #21): asked by the API client when a change needs a fresh proof (step-up). A person
 * without a second factor types the password; with one, the app's code, a passkey or a recovery code. `onDone(true)`
 * once the server accepted it (the client then sends the refused call again), `onDone(false)` on Cancel.
 */
export function StepUpDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const titleId = useId();
  const status = useMfaStatus();
  const stepUp = useStepUp();
  const [chosen, setChosen] = useState<Method | null>(null);
  const [value, setValue] = useState('');
  const method = chosen ?? (status.data ? firstMethod(status.data) : null);
  const hasTotp = status.data?.totp.enabled ?? false;
  const hasPasskey = (status.data?.passkeys.length ?? 0) > 0 && passkeysSupported();

  const send = (answer: string) => {
    if (!method || stepUp.isPending) return;
    const body =
      method === 'webauthn'
        ? ({ method } as const)
        : method === 'password'
          ? ({ method, password: answer } as const)
          : ({ method, code: answer.trim() } as const);
    stepUp.mutate(body, { onSuccess: () => onDone(true) });
  };

  const switchTo = (next: Method) => {
    stepUp.reset();
    setValue('');
    setChosen(next);
  };

  const ready = method === 'totp' ? value.length === TOTP_CODE_LENGTH : value.trim() !== '';
  const otherWays: { method: Method; label: string }[] =
    method === 'password' || !status.data
      ? []
      : [
          ...(method !== 'totp' && hasTotp ? [{ method: 'totp' as const, label: 'Use your authenticator app' }] : []),
          ...(method !== 'webauthn' && hasPasskey ? [{ method: 'webauthn' as const, label: 'Use a passkey' }] : []),
          ...(method !== 'recovery' ? [{ method: 'recovery' as const, label: 'Use a recovery code' }] : []),
        ];

  return (
    <Dialog open onClose={() => !stepUp.isPending && onDone(false)} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Confirm it&apos;s you</DialogTitle>
      <Stack component="form" noValidate onSubmit={preventedSubmit(() => send(value))}>
        <DialogContent sx={{ pt: 0 }}>
          {status.isPending ? (
            <SkeletonList rows={2} rowHeight={40} label="Loading your sign-in methods" />
          ) : status.isError ? (
            <FormError error={status.error} />
          ) : (
            method && (
              <Stack spacing={2}>
                <DialogContentText>{STEP_UP_TEXTS[method]}</DialogContentText>
                {method === 'password' && (
                  <TextField
                    label="Password"
                    type="password"
                    autoComplete="current-password"
                    value={value}
                    onChange={(event) => setValue(event.target.value)}
                    autoFocus
                    fullWidth
                    disabled={stepUp.isPending}
                  />
                )}
                {(method === 'totp' || method === 'recovery') && (
                  <OneTimeCodeField
                    key={method}
                    kind={method}
                    value={value}
                    onChange={setValue}
                    onComplete={send}
                    error={Boolean(stepUp.error)}
                    disabled={stepUp.isPending}
                    autoFocus
                  />
                )}
                {method === 'webauthn' && (
                  <Button variant="contained" startIcon={<KeyOutlined />} onClick={() => send('')} loading={stepUp.isPending} autoFocus>
                    Use a passkey
                  </Button>
                )}
                <FormError error={stepUp.error} />
                {otherWays.length > 0 && (
                  <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                    {otherWays.map((way) => (
                      <Link
                        key={way.method}
                        component="button"
                        type="button"
                        variant="body2"
                        onClick={() => switchTo(way.method)}
                        disabled={stepUp.isPending}
                      >
                        {way.label}
                      </Link>
                    ))}
                  </Stack>
                )}
              </Stack>
            )
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onDone(false)} disabled={stepUp.isPending}>
            Cancel
          </Button>
          {method !== 'webauthn' && (
            <Button type="submit" variant="contained" disabled={!method || !ready} loading={stepUp.isPending && method !== null}>
              Confirm
            </Button>
          )}
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
