import { Alert, Link, Stack } from '@mui/material';
import { ACCOUNT_SECURITY_TEXTS } from '@tessera/domain';
import { Link as RouterLink } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useUser } from '../../user/index.ts';
import { AccreditationBanner } from './accreditation-banner.tsx';
import { ChangePasswordSection } from './change-password-section.tsx';
import { DateTimeFormatSection } from './date-time-format-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PersonalDataSection } from './personal-data-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SectionCard } from './section-card.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { ThemeSection } from './theme-section.tsx';
import { TwoStepSection } from './two-step-section.tsx';

/** The Account page of §2, at /user/{product}/account and /settings. */
export function AccountPage() {
  const session = useSession();
  const { name: tenantName } = useTenant();
  // Nothing but the security settings answers while a second factor is due (below): the account loads afterwards.
  const userId = session.mfaSetupRequired ? undefined : session.user?._id;
  const { data: user, error, isPending, refetch } = useUser(userId);

  // Issue #21: the tenant requires a second factor this member has not set up; until then this is the only page open.
  if (session.mfaSetupRequired)
    return (
      <Stack spacing={3}>
        <title>{`Account · ${tenantName}`}</title>
        <Alert severity="warning">{ACCOUNT_SECURITY_TEXTS.mfaSetupRequired}</Alert>
        <TwoStepSection />
      </Stack>
    );

  return (
    <Stack spacing={3}>
      <title>{`Account · ${tenantName}`}</title>
      {isPending ? (
        <SkeletonList rows={6} rowHeight={96} label="Loading account" />
      ) : !user ? (
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <AccreditationBanner user={user} />
          <ProfileSection user={user} />
          <ThemeSection userId={user._id} />
          <DateTimeFormatSection user={user} />
          <NotificationsSection user={user} />
          <ChangePasswordSection />
          <TwoStepSection />
          <SessionsSection />
          <SectionCard title="Access Control/Sharing" subtitle="Feature comming soon!" />
          <SectionCard title="Privacy and Protection" subtitle="How we handle your data and the rules of the platform.">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
              <Link component={RouterLink} to="/privacy">
                Privacy Policy
              </Link>
              <Link component={RouterLink} to="/terms">
                Terms of Service
              </Link>
              <Link component={RouterLink} to="/docs">
                Documentation
              </Link>
            </Stack>
          </SectionCard>
          <PersonalDataSection userId={user._id} />
        </>
      )}
    </Stack>
  );
}
