import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { AUTH_ERRORS, inviteAcceptBody, inviteTokenPayload, type InviteAcceptBody } from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useInviteAccept } from '../api/invite-accept.ts';
import { useAfterAuth } from '../hooks/use-after-auth.ts';
import { useAuthLink } from '../hooks/use-auth-link.ts';
import { useTokenParam, type TokenMessages } from '../hooks/use-token-param.ts';
import { AuthCard, AuthPage } from './auth-card.tsx';
import { DisclosuresCheckbox } from './disclosures-checkbox.tsx';
import { ExistingAccountInvite } from './existing-account-invite.tsx';
import { FormError } from './form-error.tsx';
import { FormTextField } from './form-text-field.tsx';
import { NameFields } from './name-fields.tsx';
import { PasswordField } from './password-field.tsx';

const SIGNUP_TOKEN_MESSAGES: TokenMessages = {
  missing: AUTH_ERRORS.signupTokenMissing,
  invalid: AUTH_ERRORS.signupTokenInvalid,
  expired: AUTH_ERRORS.signupTokenExpired,
};

export function InviteAcceptPage() {
  const { name } = useTenant();
  const { enqueueSnackbar } = useSnackbar();
  const invite = useTokenParam(inviteTokenPayload, SIGNUP_TOKEN_MESSAGES);
  const inviteAccept = useInviteAccept();
  const afterAuth = useAfterAuth();
  const signinLink = useAuthLink('/signin');

  const { control, handleSubmit } = useForm<InviteAcceptBody, unknown, z.output<typeof inviteAcceptBody>>({
    resolver: zodResolver(inviteAcceptBody),
    defaultValues: {
      firstname: invite.payload?.firstname ?? '',
      lastname: invite.payload?.lastname ?? '',
      email: invite.payload?.email ?? '',
      password: '',
      inviteToken: invite.token,
      ...(invite.payload ? { tenantId: invite.payload.tenantId } : {}),
    },
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const canSubmit = invite.state === 'valid' && inviteAcceptBody.safeParse(values).success && !inviteAccept.isPending;

  const onSubmit = handleSubmit((body) =>
    inviteAccept.mutate(body, {
      onSuccess: afterAuth,
      onError: () => enqueueSnackbar('Invite accept failed', { variant: 'error' }),
    }),
  );

  if (invite.payload?.account) return <ExistingAccountInvite token={invite.token} payload={invite.payload} error={invite.error} />;

  return (
    <AuthPage>
      <title>{`Finish your invitation · ${name}`}</title>
      <AuthCard title="Finish your invitation" subtitle={`You have been invited to ${name}. Choose a password to activate your account.`}>
        <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} spacing={2.5}>
          {invite.error && <Alert severity="error">{invite.error}</Alert>}
          <NameFields control={control} />
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            readOnly={Boolean(invite.payload?.email)}
          />
          <PasswordField control={control} name="password" label="Password" isNew />
          <DisclosuresCheckbox control={control} name="acceptDisclosures" />
          <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={inviteAccept.isPending}>
            Accept invitation
          </Button>
          <FormError error={inviteAccept.error} />
        </Stack>
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} {...signinLink}>
            Already have an account?
          </Link>
        </Typography>
      </AuthCard>
    </AuthPage>
  );
}
