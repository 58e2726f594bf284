import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import {
  AUTH_ERRORS,
  passwordResetConfirmBody,
  resetTokenPayload,
  type MfaChallenge,
  type PasswordResetConfirmBody,
} from '@tessera/domain';
import { useState } from 'react';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { usePasswordResetConfirm } from '../api/password-reset-confirm.ts';
import { useAfterAuth } from '../hooks/use-after-auth.ts';
import { useAuthLink } from '../hooks/use-auth-link.ts';
import { useTokenParam, type TokenMessages } from '../hooks/use-token-param.ts';
import { AuthCard, AuthPage } from './auth-card.tsx';
import { FormError } from './form-error.tsx';
import { PasswordField } from './password-field.tsx';
import { isMfaChallenge } from '../api/signin.ts';
import { loadMfaStep, SecondStepCard } from './second-step-card.tsx';

const RESET_TOKEN_MESSAGES: TokenMessages = {
  missing: AUTH_ERRORS.resetTokenMissing,
  invalid: AUTH_ERRORS.resetTokenInvalid,
  expired: AUTH_ERRORS.resetTokenExpired,
};

export function PasswordResetConfirmPage() {
  const { name } = useTenant();
  const { enqueueSnackbar } = useSnackbar();
  const reset = useTokenParam(resetTokenPayload, RESET_TOKEN_MESSAGES);
  const resetConfirm = usePasswordResetConfirm();
  const afterAuth = useAfterAuth();
  const requestLink = useAuthLink('/password-reset/request');
  const signinLink = useAuthLink('/signin');
  const expired = reset.state === 'expired';

  const { control, handleSubmit } = useForm<PasswordResetConfirmBody, unknown, z.output<typeof passwordResetConfirmBody>>({
    resolver: zodResolver(passwordResetConfirmBody),
    defaultValues: { password: '', resetToken: reset.token, ...(reset.payload ? { email: reset.payload.email } : {}) },
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const canSubmit = reset.state === 'valid' && passwordResetConfirmBody.safeParse(values).success && !resetConfirm.isPending;

  const navigate = useNavigate();
  // Issue #21: the new password is set, but an account with a second factor is asked for it before a session.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  const onSubmit = handleSubmit((body) => {
    void loadMfaStep();
    resetConfirm.mutate(body, {
      onSuccess: (answer) => (isMfaChallenge(answer) ? setChallenge(answer) : afterAuth()),
      onError: () => enqueueSnackbar('Password reset failed', { variant: 'error' }),
    });
  });

  if (challenge)
    return (
      <AuthPage>
        <title>{`Password Reset · ${name}`}</title>
        {/* The link is spent and the password set: going back means signing in with the new password. */}
        <SecondStepCard
          challenge={challenge}
          onSignedIn={afterAuth}
          onBack={() => void navigate(signinLink.to, { replace: true, state: signinLink.state })}
        />
      </AuthPage>
    );

  return (
    <AuthPage>
      <title>{`Password Reset · ${name}`}</title>
      <AuthCard title="Password Reset Confirmation" subtitle="Choose a new password for your account.">
        <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} spacing={2.5}>
          {reset.error && <Alert severity="error">{reset.error}</Alert>}
          <PasswordField control={control} name="password" label="New password" isNew disabled={expired} />
          {/* §5: an expired link cannot be used, so there is nothing to press. */}
          {!expired && (
            <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={resetConfirm.isPending}>
              Reset &amp; Login
            </Button>
          )}
          <FormError error={resetConfirm.error} />
        </Stack>
        {reset.state !== 'valid' && (
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} {...requestLink}>
              Request a new reset link
            </Link>
          </Typography>
        )}
      </AuthCard>
    </AuthPage>
  );
}
