import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { passwordResetRequestBody, type PasswordResetRequestBody } from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { usePasswordResetRequest } from '../api/password-reset-request.ts';
import { useAuthLink } from '../hooks/use-auth-link.ts';
import { AuthCard, AuthPage } from './auth-card.tsx';
import { FormTextField } from './form-text-field.tsx';

export function PasswordResetRequestPage() {
  const { name } = useTenant();
  const { enqueueSnackbar } = useSnackbar();
  const resetRequest = usePasswordResetRequest();
  const signinLink = useAuthLink('/signin');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const { control, handleSubmit } = useForm<PasswordResetRequestBody, unknown, z.output<typeof passwordResetRequestBody>>({
    resolver: zodResolver(passwordResetRequestBody),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const canSubmit = passwordResetRequestBody.safeParse(values).success && !resetRequest.isPending;

  // §8: whether or not the call succeeds, the screen says the email was sent (no account probing).
  const onSubmit = handleSubmit((body) =>
    resetRequest.mutate(body, {
      onError: () => enqueueSnackbar('Password reset request failed to send', { variant: 'error' }),
      onSettled: () => setSentTo(body.email),
    }),
  );

  return (
    <AuthPage>
      <title>{`Forgot Password · ${name}`}</title>
      {sentTo ? (
        <AuthCard title="Check your email">
          <Stack spacing={2.5}>
            <Box sx={{ display: 'flex', justifyContent: 'center', color: 'primary.main' }}>
              <MarkEmailRead sx={{ fontSize: 56 }} aria-hidden="true" />
            </Box>
            <Alert severity="success">Password reset email sent</Alert>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              If an account exists for <strong>{sentTo}</strong>, it will receive a link to choose a new password. The link expires soon, so
              use it right away. Check your spam folder if nothing arrives within a few minutes.
            </Typography>
            <Button component={RouterLink} {...signinLink} variant="contained" size="large">
              Go to Sign In
            </Button>
          </Stack>
        </AuthCard>
      ) : (
        <AuthCard title="Forgot Password" subtitle="Enter the email of your account and we will send you a link to reset your password.">
          <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} spacing={2.5}>
            <FormTextField control={control} name="email" label="Recovery email" type="email" autoComplete="email" />
            <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={resetRequest.isPending}>
              Send reset link
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} {...signinLink}>
              Back to Sign In
            </Link>
          </Typography>
        </AuthCard>
      )}
    </AuthPage>
  );
}
