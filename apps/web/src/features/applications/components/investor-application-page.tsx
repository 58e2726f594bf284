import { Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { accreditationStatusLabel, applicationStatusColors, applicationTypeLabels, type Application } from '@tessera/domain';
import { useParams } from 'react-router';
import { RecordPage } from '../../../components/record-page.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { formatDate, formatRelativeOrDate } from '../../../lib/format.ts';
import { useApplication } from '../api/get-application.ts';

/** One year from the review date (001 §1). */
function expiryOf(reviewedAt: string): Date {
  const date = new Date(reviewedAt);
  date.setFullYear(date.getFullYear() + 1);
  return date;
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', minWidth: 160 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

function ApplicationDetails({ application }: { application: Application }) {
  const type = applicationTypeLabels[application.type];
  return (
    <Stack spacing={2}>
      <title>{`${type} application`}</title>
      <Typography component="h1" variant="h4">
        {`${type} application`}
      </Typography>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            Application Details
          </Typography>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <Row term="Type">{type}</Row>
            <Row term="Status">
              <StatusDot label={accreditationStatusLabel[application.status]} color={applicationStatusColors[application.status]} />
            </Row>
            <Row term="Created">{formatRelativeOrDate(application.createdAt)}</Row>
            <Row term="Last updated">{formatRelativeOrDate(application.updatedAt)}</Row>
            {application.status === 'approved' && application.reviewedAt && (
              <>
                <Row term="Issued">{formatDate(application.reviewedAt)}</Row>
                <Row term="Expires">{formatDate(expiryOf(application.reviewedAt))}</Row>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
      {application.status === 'not-started' && (
        <Card variant="outlined" sx={{ borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography component="h2" variant="h6">
              No details available
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>Application has not been started by user</Typography>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

/** /investor/applications/{applicationId}: the investor's own application as it stands. */
export function InvestorApplicationPage() {
  const { applicationId } = useParams();
  const query = useApplication(applicationId);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <RecordPage backTo="/investor/applications" backLabel="All applications" query={query} skeletonRows={4}>
        {(application) => <ApplicationDetails application={application} />}
      </RecordPage>
    </Container>
  );
}
