import Share from '@mui/icons-material/Share';
import Autorenew from '@mui/icons-material/Autorenew';
import Visibility from '@mui/icons-material/Visibility';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import {
  accreditationStatusLabel,
  applicationStatusColors,
  identityVerificationStatusLabels,
  type Application,
  type ApplicationStatus,
  type User,
} from '@tessera/domain';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useApplication } from '../../applications/index.ts';
import { ShareCertificateDialog } from './share-certificate-dialog.tsx';

/** 001 §4: an approval is valid one year from the review date. */
export function accreditationExpiry(reviewedAt: string): Date {
  const expiry = new Date(reviewedAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  return expiry;
}

/** 001 §2: the certificate shows to a user in demo onboarding, or with both an approved application and approved identity. */
export function showsCertificate(
  user: Pick<User, 'onboardingStatus' | 'identityVerificationStatus'>,
  application: Application | undefined,
) {
  return user.onboardingStatus === 'demo' || (application?.status === 'approved' && user.identityVerificationStatus === 'approved');
}

function CardTitle({ id, children }: { id: string; children: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
      <VerifiedUser sx={{ color: 'primary.main' }} aria-hidden />
      <Typography id={id} component="h2" variant="h6">
        {children}
      </Typography>
    </Stack>
  );
}

function CertificateCard({ application }: { application: Application | undefined }) {
  const titleId = useId();
  const [sharing, setSharing] = useState(false);
  const status: ApplicationStatus = application?.status ?? 'not-started';
  const approved = status === 'approved';
  const approvalDoc = approved ? (application?.approvalDoc ?? null) : null;
  const reviewedAt = approved ? (application?.reviewedAt ?? null) : null;
  const expiry = reviewedAt ? accreditationExpiry(reviewedAt) : null;
  // The moment the card first showed: an expiry passing while it is open is not worth a timer.
  const [now] = useState(() => Date.now());
  const expired = expiry !== null && expiry.getTime() < now;

  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <CardTitle id={titleId}>Accreditation Certificate</CardTitle>
        <Chip label={accreditationStatusLabel[status]} color={applicationStatusColors[status]} size="small" sx={{ mb: 2 }} />
        {reviewedAt && expiry ? (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              Issued
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {formatDate(reviewedAt)}
            </Typography>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {expired ? 'Expired' : 'Expires'}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, color: expired ? 'error.main' : undefined }}>
              {formatDate(expiry)}
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {status === 'not-started'
              ? 'Apply for accreditation to receive your certificate.'
              : 'Your certificate is issued once your accreditation is approved.'}
          </Typography>
        )}
        {approved && !approvalDoc && (
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
            Your approval letter is not available yet: view and share open once it is.
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }} disableSpacing>
        {approvalDoc ? (
          <Button component={RouterLink} to={`/document/${approvalDoc}`} startIcon={<Visibility />} variant="outlined" size="small">
            View
          </Button>
        ) : (
          <Button startIcon={<Visibility />} variant="outlined" size="small" disabled>
            View
          </Button>
        )}
        <Button startIcon={<Share />} variant="outlined" size="small" disabled={!approvalDoc} onClick={() => setSharing(true)}>
          Share
        </Button>
        {approved ? (
          <Button component={RouterLink} to="/investor/applications?modal=create" startIcon={<Autorenew />} variant="outlined" size="small">
            Renew
          </Button>
        ) : (
          <Button startIcon={<Autorenew />} variant="outlined" size="small" disabled>
            Renew
          </Button>
        )}
      </CardActions>
      {approvalDoc && <ShareCertificateDialog open={sharing} onClose={() => setSharing(false)} documentId={approvalDoc} />}
    </Card>
  );
}

/** The onboarding prompt: where the two required steps stand, and the way back to the checklist. */
function OnboardingPrompt({ user, application }: { user: User; application: Application | undefined }) {
  const titleId = useId();
  const steps = [
    { label: 'Identity Verification', value: identityVerificationStatusLabels[user.identityVerificationStatus] },
    { label: 'Investor Accreditation', value: accreditationStatusLabel[application?.status ?? 'not-started'] },
  ];
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <CardTitle id={titleId}>Finish your onboarding</CardTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          Verify your identity and get accredited to receive your accreditation certificate and invest in offers.
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          {steps.map((step) => (
            <Box key={step.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {step.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
                {step.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to="/investor/onboarding/checklist" variant="contained">
          Continue onboarding
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * 001 §2: the accreditation certificate card (view, share, renew) or the onboarding prompt. Reads the user's
 * application as it stands (the accreditation issue supplies the certificate document itself).
 */
export function AccreditationCard({ user }: { user: User }) {
  const { data: application, isPending, error, refetch } = useApplication(user.accreditationApplicationId);
  if (user.accreditationApplicationId && error) {
    return (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {`Your accreditation could not be loaded: ${errorMessage(error)}`}
      </Alert>
    );
  }
  // A user without an application has nothing to wait for.
  if (user.accreditationApplicationId && isPending) return <Skeleton variant="rounded" height={220} aria-label="Loading accreditation" />;
  return showsCertificate(user, application) ? (
    <CertificateCard application={application} />
  ) : (
    <OnboardingPrompt user={user} application={application} />
  );
}
