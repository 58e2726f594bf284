import { Container, Typography } from '@mui/material';
import { Outlet, useParams } from 'react-router';
import { SegmentTabs } from '../../../components/segment-tabs.tsx';

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
  const base = `/user/${product}`;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        Your Financial Passport
      </Typography>
      <SegmentTabs base={base} tabs={PASSPORT_TABS} label="Financial passport sections" />
      <Outlet />
    </Container>
  );
}
