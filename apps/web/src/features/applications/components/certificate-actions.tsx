import Autorenew from '@mui/icons-material/Autorenew';
import Share from '@mui/icons-material/Share';
import Visibility from '@mui/icons-material/Visibility';
import { Button, Stack } from '@mui/material';
import {
  accreditationStatusLabel,
  applicationStatusColors,
  EXPIRED_ACCREDITATION_LABEL,
  type Application,
  type ApplicationStatus,
} from '@tessera/domain';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useCreateApplication } from '../api/create-application.ts';

// Loaded on the first Share: its form (text field, dialog, document access) is not part of the dashboard's first load.
const ShareCertificateDialog = lazy(() => import('./share-certificate-dialog.tsx').then((m) => ({ default: m.ShareCertificateDialog })));

/**
 * Where the user's accreditation stands as the applicant reads it (001 §1): the status label, except that an approval
 * past its year (the server's `expired`) reads 'Accreditation Expired' and counts as not approved.
 */
export function accreditationStanding(application: Application | undefined) {
  const status: ApplicationStatus = application?.status ?? 'not-started';
  const expired = Boolean(application?.expired);
  return {
    status,
    expired,
    /** Approved and still in force: the letter may be viewed and shared. */
    approved: status === 'approved' && !expired,
    label: expired ? EXPIRED_ACCREDITATION_LABEL : accreditationStatusLabel[status],
    color: expired ? ('warning' as const) : applicationStatusColors[status],
  };
}

/**
 * 001 §2: View (the approval letter), Share (grants the letter by e-mail) and Renew (a new application prefilled from
 * this one), on the dashboard's certificate card and the account banner. View and Share only while the approval is in
 * force and has its letter; Renew for any approval, expired ones above all.
 */
export function CertificateActions({ application }: { application: Application | undefined }) {
  const standing = accreditationStanding(application);
  const approvalDoc = standing.approved ? (application?.approvalDoc ?? null) : null;
  const [sharing, setSharing] = useState(false);
  // Kept mounted once opened, so it closes with its transition as before.
  const [shareOpened, setShareOpened] = useState(false);
  const renew = useCreateApplication();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const canRenew = standing.status === 'approved' && Boolean(application);

  const startRenewal = () => {
    if (!application) return;
    renew.mutate(
      { renewFrom: application._id },
      {
        onSuccess: (created) => void navigate(`/investor/applications/${created._id}`),
        onError: (error) => enqueueSnackbar(`The renewal could not start: ${errorMessage(error)}`, { variant: 'error' }),
      },
    );
  };

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {approvalDoc ? (
        <Button component={RouterLink} to={`/document/${approvalDoc}`} startIcon={<Visibility />} variant="outlined" size="small">
          View
        </Button>
      ) : (
        <Button startIcon={<Visibility />} variant="outlined" size="small" disabled>
          View
        </Button>
      )}
      <Button
        startIcon={<Share />}
        variant="outlined"
        size="small"
        disabled={!approvalDoc}
        onClick={() => {
          setShareOpened(true);
          setSharing(true);
        }}
      >
        Share
      </Button>
      <Button
        startIcon={<Autorenew />}
        variant={standing.expired ? 'contained' : 'outlined'}
        size="small"
        disabled={!canRenew}
        loading={renew.isPending}
        onClick={startRenewal}
      >
        Renew
      </Button>
      {approvalDoc && shareOpened && (
        <Suspense fallback={null}>
          <ShareCertificateDialog open={sharing} onClose={() => setSharing(false)} documentId={approvalDoc} />
        </Suspense>
      )}
    </Stack>
  );
}
