import AccountBalance from '@mui/icons-material/AccountBalance';
import { Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSignOut } from '../../../lib/session/use-sign-out.ts';
import { useIsTenantOwner } from '../../../lib/session/use-is-tenant-owner.ts';

/** No team at all (002 §2): the way out is signing in with another account. */
export function NoInstitutionAccess() {
  const signOut = useSignOut();
  const isOwner = useIsTenantOwner();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 4, px: 2 }}>
      <AccountBalance color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p">
        You don&apos;t have access to any institutions
      </Typography>
      {isOwner ? (
        <Typography color="text.secondary">
          As an owner you can create institutions and join their teams in the{' '}
          <Link component={RouterLink} to="/tenant/marketplace/institutions">
            tenant marketplace
          </Link>
          .
        </Typography>
      ) : (
        <Typography color="text.secondary">Ask an owner of this organization to add you to an institution&apos;s team.</Typography>
      )}
      <Button variant="contained" onClick={() => void signOut()}>
        Back to Signin
      </Button>
    </Stack>
  );
}

/** A search that matched nothing. */
export function NoInstitutionsFound() {
  return (
    <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
      No institutions found
    </Typography>
  );
}
