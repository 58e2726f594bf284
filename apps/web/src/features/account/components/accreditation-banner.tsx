import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { Alert, AlertTitle, Button, Skeleton } from '@mui/material';
import { accreditationStatusLabel, type ApplicationStatus, type User } from '@tessera/domain';
import { errorMessage } from '../../../lib/api-client.ts';
import { useApplication } from '../../applications/index.ts';

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

function Banner({ status }: { status: ApplicationStatus }) {
  return (
    <Alert severity={SEVERITY[status]} variant="outlined" icon={<VerifiedUserOutlined />} role="status" aria-label="Accreditation">
      <AlertTitle>Accreditation</AlertTitle>
      {accreditationStatusLabel[status]}
    </Alert>
  );
}

/**
 * The accreditation application banner of the Account page: the status of the user's application
 * (GET application/{id}) in the words the applicant sees (001 §1), 'Not Applied' without one. The view and
 * share actions of the approval document arrive with the accreditation wizard.
 */
export function AccreditationBanner({ user }: AccreditationBannerProps) {
  const id = user.accreditationApplicationId;
  const { data, error, isPending, refetch } = useApplication(id);
  if (!id) return <Banner status="not-started" />;
  if (isPending) return <Skeleton variant="rounded" height={72} aria-label="Loading accreditation" />;
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
  return <Banner status={data.status} />;
}
