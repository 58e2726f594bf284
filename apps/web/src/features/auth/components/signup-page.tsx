import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Link, Stack, Typography } from '@mui/material';
import { signupBody, type SignupBody } from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useSignup } from '../api/signup.ts';
import { useAfterAuth } from '../hooks/use-after-auth.ts';
import { useAuthLink } from '../hooks/use-auth-link.ts';
import { AuthCard, AuthPage } from './auth-card.tsx';
import { DisclosuresCheckbox } from './disclosures-checkbox.tsx';
import { FormError } from './form-error.tsx';
import { FormTextField } from './form-text-field.tsx';
import { NameFields } from './name-fields.tsx';
import { PasswordField } from './password-field.tsx';

export function SignupPage() {
  const { name } = useTenant();
  const { enqueueSnackbar } = useSnackbar();
  const signup = useSignup();
  const afterAuth = useAfterAuth();
  const signinLink = useAuthLink('/signin');

  const { control, handleSubmit } = useForm<SignupBody, unknown, z.output<typeof signupBody>>({
    resolver: zodResolver(signupBody),
    defaultValues: { firstname: '', lastname: '', email: '', password: '' },
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  // §5: disabled unless a valid email, a password, both names and the accepted disclosures.
  const canSubmit = signupBody.safeParse(values).success && !signup.isPending;

  const onSubmit = handleSubmit((body) =>
    signup.mutate(body, {
      onSuccess: afterAuth,
      onError: (error) => enqueueSnackbar(`Signup failed: ${errorMessage(error)}`, { variant: 'error' }),
    }),
  );

  return (
    <AuthPage>
      <title>{`Create account · ${name}`}</title>
      <AuthCard title="Create account" subtitle={`Join ${name} to discover and track private investments.`}>
        <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} spacing={2.5}>
          <NameFields control={control} />
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <PasswordField control={control} name="password" label="Password" isNew />
          <DisclosuresCheckbox control={control} name="acceptDisclosures" />
          <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={signup.isPending}>
            Create account
          </Button>
          <FormError error={signup.error} />
        </Stack>
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
          Already have an account?{' '}
          <Link component={RouterLink} {...signinLink}>
            Sign In
          </Link>
        </Typography>
      </AuthCard>
    </AuthPage>
  );
}
