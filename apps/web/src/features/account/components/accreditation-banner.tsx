import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { Alert, AlertTitle } from '@mui/material';
import { accreditationStatusLabel, type ApplicationStatus, type User } from '@tessera/domain';

export interface AccreditationBannerProps {
  user: Pick<User, 'accreditationApplicationId'>;
  /** The application's status once `GET application/{id}` exists (the accreditation issue); unknown until then. */
  status?: ApplicationStatus | null;
}

const SEVERITY: Record<ApplicationStatus, 'success' | 'error' | 'info' | 'warning'> = {
  approved: 'success',
  rejected: 'error',
  error: 'error',
  'in-progress': 'info',
  submitted: 'info',
  'not-started': 'info',
};

/**
 * The accreditation application banner of the Account page. With no application it reads 'Not Applied' and offers
 * nothing; the view and share actions of the approval document arrive with the application API.
 */
export function AccreditationBanner({ user, status }: AccreditationBannerProps) {
  const current: ApplicationStatus = user.accreditationApplicationId ? (status ?? 'submitted') : 'not-started';
  return (
    <Alert severity={SEVERITY[current]} variant="outlined" icon={<VerifiedUserOutlined />} role="status" aria-label="Accreditation">
      <AlertTitle>Accreditation</AlertTitle>
      {accreditationStatusLabel[current]}
    </Alert>
  );
}
