import AccountCircle from '@mui/icons-material/AccountCircle';
import Description from '@mui/icons-material/Description';
import Store from '@mui/icons-material/Store';
import { Avatar, Box, Button, Card, CardActionArea, CardContent, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { initials, userDisplayName } from '@tessera/domain';
import { Navigate, Link as RouterLink } from 'react-router';
import { useUserImage } from '../../features/account/index.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { PromoCards, WelcomeMessage } from '../../features/branding/index.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { useUser } from '../../features/user/index.ts';
import { OnboardingPrompt } from '../../features/onboarding/index.ts';

/** The screens a member opens from home, as in the main navigation. */
const WAYS_IN: { title: string; text: string; to: string; icon: ReactNode }[] = [
  { title: 'Marketplace', text: 'Browse the offers and institutions open to you.', to: '/marketplace/offers', icon: <Store /> },
  { title: 'Documents', text: 'Upload, find and share your documents.', to: '/document', icon: <Description /> },
  {
    title: 'Financial Passport',
    text: 'Your profiles, accounts and IDs, ready for the next offer.',
    to: '/user/passport/account',
    icon: <AccountCircle />,
  },
];

function WayIn({ title, text, to, icon }: (typeof WAYS_IN)[number]) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3, flex: 1, minWidth: 0 }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', p: 2.5 }}>
        <Box sx={{ color: 'primary.main', mb: 1, display: 'flex' }}>{icon}</Box>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {text}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** The signed-in home until the investor dashboard arrives: a welcome, then the way in to each screen. */
export function HomePage() {
  const session = useSession();
  const { name: tenantName, branding } = useTenant();
  const { data } = useUser(session.user?._id);
  const user = data ?? session.user;
  const name = userDisplayName(user);
  const image = useUserImage(user?.image);
  // At the bare root a member in Raise mode goes to the institution dashboard (002 §2).
  if (session.tenantMember?.preferences.appMode === 'institution') return <Navigate to="/institution/dashboard" replace />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <title>{`Home · ${tenantName}`}</title>
      <OnboardingPrompt />
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
            <Avatar src={image} alt="" sx={{ width: 64, height: 64, fontSize: 24, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              {initials(name)}
            </Avatar>
            <Box>
              <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
                {`Welcome, ${name}`}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>
                Your investor dashboard is on its way. Meanwhile, browse the marketplace and complete your financial passport so you are
                ready when the next offer opens.
              </Typography>
            </Box>
          </Stack>
          <Button component={RouterLink} to="/user" variant="contained" sx={{ mt: 3 }}>
            Open your Financial Passport
          </Button>
        </CardContent>
      </Card>
      <Stack component="section" aria-label="Go to" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        {WAYS_IN.map((way) => (
          <WayIn key={way.to} {...way} />
        ))}
      </Stack>
      <WelcomeMessage messaging={branding.messaging} />
      <PromoCards messaging={branding.messaging} />
    </Container>
  );
}
