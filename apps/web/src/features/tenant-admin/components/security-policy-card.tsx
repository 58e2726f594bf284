import { Alert, Card, CardContent, CardHeader, FormControlLabel, FormHelperText, Skeleton, Switch } from '@mui/material';
import { useId } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useSecurityPolicy } from '../api/get-security-policy.ts';
import { useUpdateSecurityPolicy } from '../api/update-security-policy.ts';

export const REQUIRE_MFA_LABEL = 'Require two-step verification for owners and team members';
export const SECURITY_POLICY_SAVED = 'Security settings updated';

/**
 * The tenant's sign-in policy (issue #21): owners and institution team members must use a second factor. Saved when
 * switched; the server may first ask the owner to confirm it is them (the app's step-up dialog).
 */
export function SecurityPolicyCard({ tenantId }: { tenantId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const policy = useSecurityPolicy(tenantId);
  const update = useUpdateSecurityPolicy(tenantId);
  const helpId = useId();
  // While saving, the switch shows what was asked for; afterwards the server's copy.
  const requireMfa = update.isPending ? update.variables.requireMfa : policy.data?.requireMfa;

  const change = (next: boolean) =>
    update.mutate(
      { requireMfa: next },
      {
        onSuccess: () => enqueueSnackbar(SECURITY_POLICY_SAVED, { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  return (
    <Card variant="outlined" component="section" aria-label="Security">
      <CardHeader title="Security" />
      <CardContent sx={{ pt: 0 }}>
        {policy.isPending ? (
          <Skeleton variant="rounded" height={56} role="progressbar" aria-label="Loading the security settings" />
        ) : policy.isError ? (
          <ErrorBlock error={policy.error} onRetry={() => void policy.refetch()} />
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={requireMfa ?? false}
                  onChange={(event) => change(event.target.checked)}
                  disabled={update.isPending}
                  slotProps={{ input: { 'aria-describedby': helpId } }}
                />
              }
              label={REQUIRE_MFA_LABEL}
            />
            <FormHelperText id={helpId}>
              Those without an authenticator app or a passkey are asked to set one up; until they do, only their account settings open.
            </FormHelperText>
            {update.error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorMessage(update.error)}
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
