import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { Button, Link, Stack } from '@mui/material';
import { ACCOUNT_SECURITY_TEXTS, type AuthResult, type MfaChallenge } from '@tessera/domain';
import { useState } from 'react';
import { OneTimeCodeField, TOTP_CODE_LENGTH } from '../../../components/one-time-code-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { preventedSubmit } from '../../../lib/form-submit.ts';
import { passkeysSupported } from '../../../lib/webauthn.ts';
import { useMfaVerify } from '../api/mfa-verify.ts';
import { usePasskeySignin } from '../api/passkey-signin.ts';
import { FormError } from './form-error.tsx';
import type { MfaMode } from './mfa-modes.ts';

interface MfaStepProps {
  challenge: MfaChallenge;
  /** The mode decides the card's subtitle, which the page draws. */
  mode: MfaMode;
  onModeChange: (mode: MfaMode) => void;
  onSignedIn: (result: AuthResult) => void;
  /** Back to the password; `notice` says why when the sign-in expired. */
  onBack: (notice?: string) => void;
}

/**
 * The sign-in's second step (issue #21): the authenticator's code (sent by itself once six digits are in), a passkey,
 * or a recovery code. An expired sign-in goes back to the password with the server's text.
 */
export function MfaStep({ challenge, mode, onModeChange, onSignedIn, onBack }: MfaStepProps) {
  const verify = useMfaVerify();
  const passkey = usePasskeySignin();
  const [code, setCode] = useState('');
  const hasTotp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('webauthn') && passkeysSupported();
  const busy = verify.isPending || passkey.isPending;
  const error = verify.error ?? passkey.error;

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.message === ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired) onBack(err.message);
  };

  const submit = (value: string) => {
    if (busy || mode === 'passkey') return;
    passkey.reset();
    verify.mutate({ mfaToken: challenge.mfaToken, method: mode, code: value.trim() }, { onSuccess: onSignedIn, onError: failed });
  };

  const usePasskey = () => {
    verify.reset();
    passkey.mutate(challenge.mfaToken, { onSuccess: onSignedIn, onError: failed });
  };

  const switchTo = (next: MfaMode) => {
    verify.reset();
    passkey.reset();
    setCode('');
    onModeChange(next);
  };

  const ready = mode === 'totp' ? code.length === TOTP_CODE_LENGTH : code.trim() !== '';
  // Offered below the main action: the other ways this account can answer.
  const otherWays: { mode: MfaMode; label: string }[] = [
    ...(mode !== 'totp' && hasTotp ? [{ mode: 'totp' as const, label: 'Use your authenticator app' }] : []),
    ...(mode !== 'recovery' ? [{ mode: 'recovery' as const, label: 'Use a recovery code' }] : []),
  ];

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={preventedSubmit(() => submit(code))} aria-label="Two-step verification">
      {mode !== 'passkey' && (
        <>
          <OneTimeCodeField
            key={mode}
            kind={mode}
            value={code}
            onChange={setCode}
            onComplete={submit}
            error={Boolean(verify.error)}
            disabled={busy}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={!ready || busy} loading={verify.isPending}>
            Verify
          </Button>
        </>
      )}
      {hasPasskey && (
        <Button
          variant={mode === 'passkey' ? 'contained' : 'outlined'}
          size="large"
          startIcon={<KeyOutlined />}
          onClick={usePasskey}
          disabled={busy}
          loading={passkey.isPending}
        >
          Use a passkey
        </Button>
      )}
      <FormError error={error} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {otherWays.map((way) => (
            <Link key={way.mode} component="button" type="button" variant="body2" onClick={() => switchTo(way.mode)} disabled={busy}>
              {way.label}
            </Link>
          ))}
        </Stack>
        <Link component="button" type="button" variant="body2" onClick={() => onBack()} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          Back to sign in
        </Link>
      </Stack>
    </Stack>
  );
}
