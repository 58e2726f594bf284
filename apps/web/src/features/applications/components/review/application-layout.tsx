import { Box, Chip, Container, Stack, Typography } from '@mui/material';
import {
  accreditationStatusDisplay,
  applicationTypeLabels,
  userDisplayName,
  type Application,
  type ApplicationApplicant,
} from '@tessera/domain';
import { Outlet, useOutletContext, useParams } from 'react-router';
import { RecordPage } from '../../../../components/record-page.tsx';
import { SegmentTabs } from '../../../../components/segment-tabs.tsx';
import { useIsTenantOwner } from '../../../../lib/session/use-is-tenant-owner.ts';
import { useSession } from '../../../../lib/session/use-session.ts';
import { useApplication } from '../../api/get-application.ts';

export interface ApplicationOutletContext {
  application: Application;
  /** The applicant as far as the page knows them: the server's, or the signed-in user on their own application. */
  applicant: ApplicationApplicant | null;
  /** A reviewer looking at someone else's application: may approve or reject it. */
  reviewing: boolean;
  /** A platform admin: the applicant's user page is theirs to open. */
  platformAdmin: boolean;
}

export const useApplicationContext = () => useOutletContext<ApplicationOutletContext>();

const TABS = [
  { segment: 'details', label: 'Details' },
  { segment: 'documents', label: 'Documents' },
  { segment: 'history', label: 'History' },
] as const;

/** The App Status chip: the label of 001 §1, an expired approval reading 'Accreditation Expired'. */
export function AppStatusChip({ application }: { application: Application }) {
  const { label, color } = accreditationStatusDisplay(application);
  return <Chip label={label} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
}

/**
 * /investor/applications/:applicationId/{details,documents,history} (001 §2 application detail): the applicant's
 * name for reviewers, the App Status chip, and tabs whose address is the state. The applicant reads the same pages.
 */
export function ApplicationLayout() {
  const { applicationId = '' } = useParams();
  const query = useApplication(applicationId);
  const { user } = useSession();
  const owner = useIsTenantOwner();
  const own = query.data !== undefined && query.data.user === user?._id;
  const reviewing = owner && query.data !== undefined && !own;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <RecordPage
        backTo={reviewing ? '/investor/applications?view=review' : '/investor/applications'}
        backLabel="All applications"
        query={query}
        skeletonRows={6}
      >
        {(application) => {
          const type = applicationTypeLabels[application.type];
          const applicant =
            application.applicant ?? (own && user ? { _id: user._id, email: user.email, name: userDisplayName(user) } : null);
          return (
            <>
              <title>{`${type} application`}</title>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
                    {`${type} application`}
                  </Typography>
                  {reviewing && applicant && (
                    <Typography
                      sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                    >{`${applicant.name} · ${applicant.email}`}</Typography>
                  )}
                </Box>
                <Box sx={{ flexShrink: 0 }}>
                  <AppStatusChip application={application} />
                </Box>
              </Stack>
              <SegmentTabs base={`/investor/applications/${application._id}`} tabs={TABS} label="Application sections" />
              <Outlet
                context={{ application, applicant, reviewing, platformAdmin: user?.role === 'admin' } satisfies ApplicationOutletContext}
              />
            </>
          );
        }}
      </RecordPage>
    </Container>
  );
}
