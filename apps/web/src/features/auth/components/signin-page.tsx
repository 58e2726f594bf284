import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { AUTH_ERRORS, signinBody, type MfaChallenge, type SigninBody } from '@tessera/domain';
import { useState } from 'react';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { isMfaChallenge, useSignin } from '../api/signin.ts';
import { useAfterAuth } from '../hooks/use-after-auth.ts';
import { useAuthLink } from '../hooks/use-auth-link.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { AuthCard } from './auth-card.tsx';
import { FormError } from './form-error.tsx';
import { FormTextField } from './form-text-field.tsx';
import { loadMfaStep, SecondStepCard } from './second-step-card.tsx';
import { PasswordField } from './password-field.tsx';
import { ValuePropositions } from './value-propositions.tsx';

export function SigninPage() {
  const { name } = useTenant();
  const { autoSignout, signoutMessage } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const signin = useSignin();
  const afterAuth = useAfterAuth();
  const signupLink = useAuthLink('/signup');
  const resetLink = useAuthLink('/password-reset/request');

  const { control, handleSubmit } = useForm<SigninBody, unknown, z.output<typeof signinBody>>({
    resolver: zodResolver(signinBody),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const canSubmit = signinBody.safeParse(values).success && !signin.isPending;
  // The password was right and the account has a second factor: the same card asks for it (issue #21).
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = handleSubmit((body) => {
    setNotice(null);
    // Fetched beside the sign-in call, so a second step is ready when its answer arrives.
    void loadMfaStep();
    signin.mutate(body, {
      onSuccess: (answer) => {
        if (isMfaChallenge(answer)) setChallenge(answer);
        else afterAuth();
      },
      onError: () => enqueueSnackbar('Sign in failed ', { variant: 'error' }),
    });
  });

  const backToPassword = (text?: string) => {
    signin.reset();
    setChallenge(null);
    setNotice(text ?? null);
  };

  return (
    <Box
      sx={{
        flex: 1,
        width: '100%',
        maxWidth: 1120,
        mx: 'auto',
        px: 2,
        py: { xs: 3, md: 6 },
        display: 'grid',
        gap: { xs: 3, md: 6 },
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        alignItems: 'center',
        justifyItems: 'center',
      }}
    >
      <title>{`Sign In · ${name}`}</title>
      <Box sx={{ order: { xs: 2, md: 1 }, width: '100%' }}>
        <ValuePropositions />
      </Box>
      <Box sx={{ order: { xs: 1, md: 2 }, width: '100%', display: 'flex', justifyContent: 'center' }}>
        {challenge ? (
          <SecondStepCard challenge={challenge} onSignedIn={afterAuth} onBack={backToPassword} />
        ) : (
          <AuthCard title="Sign In" subtitle={`Welcome back to ${name}.`}>
            <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} spacing={2.5}>
              {autoSignout &&
                (signoutMessage ? (
                  <Alert severity="error">{signoutMessage}</Alert>
                ) : (
                  <Alert severity="info">{AUTH_ERRORS.sessionExpired}</Alert>
                ))}
              {notice && <Alert severity="warning">{notice}</Alert>}
              <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
              <Box>
                <PasswordField control={control} name="password" label="Password" />
                <Link component={RouterLink} {...resetLink} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
                  Forgot Password?
                </Link>
              </Box>
              <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={signin.isPending}>
                Sign In
              </Button>
              <FormError error={signin.error} />
            </Stack>
            <Typography variant="body2" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
              New here?{' '}
              <Link component={RouterLink} {...signupLink}>
                Create account
              </Link>
            </Typography>
          </AuthCard>
        )}
      </Box>
    </Box>
  );
}
