import { Alert, Button, Stack } from '@mui/material';
import type { InviteTokenPayload } from '@tessera/domain';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/use-session.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useInviteAcceptExisting } from '../api/invite-accept-existing.ts';
import { AuthCard, AuthPage } from './auth-card.tsx';
import { FormError } from './form-error.tsx';

interface ExistingAccountInviteProps {
  token: string;
  payload: InviteTokenPayload;
  /** Why the link cannot be used (expired), or null. */
  error: string | null;
}

/**
 * An invitation e-mailed to an address that already has an account (issue #21): the person signs in here, which
 * makes them a member of this organization, and comes back to accept from the link; signed in as someone else, they
 * are told whom the invitation is for.
 */
export function ExistingAccountInvite({ token, payload, error }: ExistingAccountInviteProps) {
  const { name } = useTenant();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const accept = useInviteAcceptExisting();
  const signedInAs = user?.email.toLowerCase() ?? null;
  const isInvitee = signedInAs === payload.email.toLowerCase();

  return (
    <AuthPage>
      <title>{`Accept your invitation · ${name}`}</title>
      <AuthCard
        title="Accept your invitation"
        subtitle={
          isInvitee
            ? `Join ${name} as ${payload.email}.`
            : `You have been invited to ${name}. ${payload.email} already has an account: sign in to accept.`
        }
      >
        <Stack spacing={2.5}>
          {error && <Alert severity="error">{error}</Alert>}
          {signedInAs && !isInvitee && (
            <Alert severity="warning">{`This invitation was sent to ${payload.email}. Sign out, then sign in as ${payload.email} to accept it.`}</Alert>
          )}
          {isInvitee ? (
            <Button
              variant="contained"
              size="large"
              disabled={Boolean(error) || accept.isPending}
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(
                  { inviteToken: token },
                  {
                    onSuccess: () => {
                      enqueueSnackbar(`You joined ${name}`, { variant: 'success' });
                      void navigate('/', { replace: true });
                    },
                  },
                )
              }
            >
              Accept invitation
            </Button>
          ) : (
            !signedInAs && (
              <Button
                variant="contained"
                size="large"
                component={RouterLink}
                to="/signin"
                state={{ from: { pathname: location.pathname, search: location.search } }}
                disabled={Boolean(error)}
              >
                Sign in to accept
              </Button>
            )
          )}
          <FormError error={accept.error} />
        </Stack>
      </AuthCard>
    </AuthPage>
  );
}
