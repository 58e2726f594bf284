import { Container, Tab, Tabs, Typography } from '@mui/material';
import { Link as RouterLink, Outlet, useLocation, useParams } from 'react-router';

/** The passport's tabs, each the first path segment under /user/{product}. */
export const PASSPORT_TABS = [
  { segment: 'account', label: 'Account' },
  { segment: 'activity', label: 'Activity' },
  { segment: 'financial-accounts', label: 'Financial Accounts' },
  { segment: 'individual-profiles', label: 'Individual Profiles' },
  { segment: 'legal-entity-profiles', label: 'Legal Entity Profiles' },
] as const;

export const DEFAULT_PRODUCT = 'passport';

/** 'Your Financial Passport': the tabs over whichever child route is open (profile pages render inside it too). */
export function PassportLayout() {
  const { product = DEFAULT_PRODUCT } = useParams();
  const { pathname } = useLocation();
  const base = `/user/${product}`;
  const segment = pathname.slice(base.length + 1).split('/')[0];
  const current = PASSPORT_TABS.find((t) => t.segment === segment)?.segment ?? false;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Your Financial Passport
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Financial passport sections"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {PASSPORT_TABS.map((t) => (
          <Tab key={t.segment} value={t.segment} label={t.label} component={RouterLink} to={`${base}/${t.segment}`} />
        ))}
      </Tabs>
      <Outlet />
    </Container>
  );
}
