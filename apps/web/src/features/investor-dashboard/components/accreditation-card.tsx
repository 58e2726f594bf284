import VerifiedUser from '@mui/icons-material/VerifiedUser';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { identityVerificationStatusLabels, type Application, type User } from '@tessera/domain';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { accreditationStanding, CertificateActions, useApplication } from '../../applications/index.ts';

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
  const standing = accreditationStanding(application);
  const reviewedAt = standing.status === 'approved' ? (application?.reviewedAt ?? null) : null;
  const expiresAt = standing.status === 'approved' ? (application?.expiresAt ?? null) : null;
  const code = standing.approved ? (application?.certificateCode ?? null) : null;

  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <CardTitle id={titleId}>Accreditation Certificate</CardTitle>
        <Chip label={standing.label} color={standing.color} size="small" sx={{ mb: 2 }} />
        {reviewedAt && expiresAt ? (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              Issued
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {formatDate(reviewedAt)}
            </Typography>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {standing.expired ? 'Expired' : 'Expires'}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, color: standing.expired ? 'error.main' : undefined }}>
              {formatDate(expiresAt)}
            </Typography>
            {code && (
              <>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  Verification code
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  <Link component={RouterLink} to={`/verify/${code}`} aria-label={`Verification code ${code}: check it`}>
                    {code}
                  </Link>
                </Typography>
              </>
            )}
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {standing.status === 'not-started'
              ? 'Apply for accreditation to receive your certificate.'
              : 'Your certificate is issued once your accreditation is approved.'}
          </Typography>
        )}
        {standing.expired && (
          <Alert severity="warning" variant="outlined" sx={{ mt: 2 }}>
            Your accreditation is more than a year old: renew it to invest again.
          </Alert>
        )}
        {standing.approved && !application?.approvalDoc && (
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
            Your approval letter is not available yet: view and share open once it is.
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <CertificateActions application={application} />
      </CardActions>
    </Card>
  );
}

/** The onboarding prompt: where the two required steps stand, and the way back to the checklist. */
function OnboardingPrompt({ user, application }: { user: User; application: Application | undefined }) {
  const titleId = useId();
  const steps = [
    { label: 'Identity Verification', value: identityVerificationStatusLabels[user.identityVerificationStatus] },
    { label: 'Investor Accreditation', value: accreditationStanding(application).label },
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
 * 001 §2: the accreditation certificate card (view, share, renew, the verification code) or the onboarding prompt.
 * Reads the user's application as it stands; an expired approval reads 'Accreditation Expired' and offers renewal.
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
  if (user.accreditationApplicationId && isPending)
    return <Skeleton role="progressbar" variant="rounded" height={220} aria-label="Loading accreditation" />;
  return showsCertificate(user, application) ? (
    <CertificateCard application={application} />
  ) : (
    <OnboardingPrompt user={user} application={application} />
  );
}
