import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { AuthCard, AuthPage } from './auth-card.tsx';

/** The confirmation that an account exists and what comes next. */
export function SignupCompletePage() {
  const { name } = useTenant();
  const { authenticated } = useSession();
  return (
    <AuthPage>
      <title>{`Account created · ${name}`}</title>
      <AuthCard title="Your account is ready">
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', justifyContent: 'center', color: 'success.main' }}>
            <CheckCircle sx={{ fontSize: 56 }} aria-hidden="true" />
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Welcome to {name}. Complete your financial passport, verify your identity and you will be ready to review and invest in offers.
          </Typography>
          {authenticated ? (
            <Button component={RouterLink} to="/" variant="contained" size="large">
              Continue
            </Button>
          ) : (
            <Button component={RouterLink} to="/signin" variant="contained" size="large">
              Go to Sign In
            </Button>
          )}
        </Stack>
      </AuthCard>
    </AuthPage>
  );
}
