import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { Alert, AlertTitle, Button, Skeleton, Stack, Typography } from '@mui/material';
import type { Application, ApplicationStatus, User } from '@tessera/domain';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { accreditationStanding, CertificateActions, useApplication } from '../../applications/index.ts';

interface AccreditationBannerProps {
  user: Pick<User, 'accreditationApplicationId'>;
}

const SEVERITY: Record<ApplicationStatus, 'success' | 'error' | 'info' | 'warning'> = {
  approved: 'success',
  rejected: 'error',
  error: 'error',
  'in-progress': 'info',
  submitted: 'info',
  'not-started': 'info',
};

function Banner({ application }: { application?: Application }) {
  const standing = accreditationStanding(application);
  return (
    <Alert
      severity={standing.expired ? 'warning' : SEVERITY[standing.status]}
      variant="outlined"
      icon={<VerifiedUserOutlined />}
      role="status"
      aria-label="Accreditation"
    >
      <AlertTitle>Accreditation</AlertTitle>
      {standing.label}
      {application?.status === 'approved' && (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          {standing.approved && application.expiresAt && (
            <Typography variant="body2">{`Valid until ${formatDate(application.expiresAt)}`}</Typography>
          )}
          <CertificateActions application={application} />
        </Stack>
      )}
    </Alert>
  );
}

/**
 * The accreditation application banner of the Account page: the status of the user's application
 * (GET application/{id}) in the words the applicant sees (001 §1), 'Not Applied' without one; once approved, the
 * approval letter's view and share actions and renewal (001 §2). An expired approval reads 'Accreditation Expired'.
 */
export function AccreditationBanner({ user }: AccreditationBannerProps) {
  const id = user.accreditationApplicationId;
  const { data, error, isPending, refetch } = useApplication(id);
  if (!id) return <Banner />;
  if (isPending) return <Skeleton role="progressbar" variant="rounded" height={72} aria-label="Loading accreditation" />;
  if (error) {
    return (
      <Alert
        severity="warning"
        variant="outlined"
        role="status"
        aria-label="Accreditation"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        <AlertTitle>Accreditation</AlertTitle>
        {`The application status could not be loaded: ${errorMessage(error)}`}
      </Alert>
    );
  }
  return <Banner application={data} />;
}
