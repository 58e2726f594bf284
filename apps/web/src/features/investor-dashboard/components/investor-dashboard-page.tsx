import AccountCircle from '@mui/icons-material/AccountCircle';
import Description from '@mui/icons-material/Description';
import ShowChart from '@mui/icons-material/ShowChart';
import Store from '@mui/icons-material/Store';
import { Avatar, Box, Card, CardActionArea, Container, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { initials, userDisplayName } from '@tessera/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useUserImage } from '../../account/index.ts';
import { hasWelcome, PromoCards, WelcomeMessage } from '../../branding/index.ts';
import { userQueryOptions, useUser } from '../../user/index.ts';
import { applicationQueryOptions } from '../../applications/index.ts';
import { pageDataContext, preloadPageData } from '../../../lib/page-data.ts';
import { AccreditationCard } from './accreditation-card.tsx';

/** The screens an investor opens from the dashboard. */
const WAYS_IN: { title: string; text: string; to: string; icon: ReactNode }[] = [
  { title: 'Investments', text: 'Pick up the investments you have started.', to: '/investor/investments', icon: <ShowChart /> },
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
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', p: 2.5, display: 'block' }}>
        <Box sx={{ color: 'primary.main', mb: 1, display: 'flex' }}>{icon}</Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {text}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/**
 * The route's loader (lib/page-data.ts): the investor's account and accreditation application start loading as soon as
 * the address is matched.
 */
export function investorDashboardLoader(): Promise<null> {
  const user = pageDataContext()?.session.user;
  if (!user) return Promise.resolve(null);
  const applicationId = user.accreditationApplicationId;
  return preloadPageData((client) => [
    client.prefetchQuery(userQueryOptions(user._id)),
    ...(applicationId ? [client.prefetchQuery(applicationQueryOptions(applicationId))] : []),
  ]);
}

/**
 * /investor/dashboard (001 §2 Investor home dashboard): the tenant's welcome card and promo cards (its messaging
 * settings), the accreditation certificate card or the onboarding prompt, and the ways into the investor's screens.
 */
export function InvestorDashboardPage() {
  const session = useSession();
  const { name: tenantName, branding } = useTenant();
  const { data, error, refetch } = useUser(session.user?._id);
  const user = data ?? session.user;
  const name = userDisplayName(user);
  const image = useUserImage(user?.image);
  const welcome = hasWelcome(branding.messaging);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <title>{`Dashboard · ${tenantName}`}</title>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar src={image} alt="" sx={{ width: 56, height: 56, fontSize: 22, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initials(name)}
        </Avatar>
        <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
          {`Welcome, ${name}`}
        </Typography>
      </Stack>
      <Grid container spacing={2}>
        {welcome && (
          <Grid size={{ xs: 12, md: 7 }}>
            <WelcomeMessage messaging={branding.messaging} />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: welcome ? 5 : 12 }}>
          {error && !data ? (
            <ErrorBlock error={error} onRetry={() => void refetch()} />
          ) : data ? (
            <AccreditationCard user={data} />
          ) : (
            <Skeleton role="progressbar" variant="rounded" height={220} aria-label="Loading accreditation" />
          )}
        </Grid>
      </Grid>
      <PromoCards messaging={branding.messaging} />
      <Box component="section" aria-labelledby="dashboard-ways-in" sx={{ mt: 4 }}>
        <Typography id="dashboard-ways-in" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          Go to
        </Typography>
        <Grid container spacing={2}>
          {WAYS_IN.map((way) => (
            <Grid key={way.to} size={{ xs: 12, sm: 6, md: 3 }}>
              <WayIn {...way} />
            </Grid>
          ))}
        </Grid>
      </Box>
    </Container>
  );
}
