import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session/use-session.ts';
import { useIdentityVerification } from '../api/get-identity-verification.ts';
import { IdentityReviewCard } from './identity-review-card.tsx';

export const VERIFY_IDENTITY_PATH = '/investor/onboarding/verify-identity';

/** The passport's Verification page: the user's own identity verification, and the way to verify. */
export function VerificationTab() {
  const { user } = useSession();
  const userId = user?._id ?? '';
  const review = useIdentityVerification(userId);
  const status = review.data?.identityVerificationStatus;
  // Approved is done; submitted waits for the verifier or a reviewer.
  const canVerify = status === 'not-started' || status === 'started' || status === 'rejected' || status === 'error';
  return (
    <Stack spacing={2}>
      <IdentityReviewCard userId={userId} title="Verification" />
      {canVerify && (
        <Stack direction="row">
          <Button variant="contained" component={RouterLink} to={VERIFY_IDENTITY_PATH}>
            {status === 'not-started' ? 'Verify your identity' : 'Verify again'}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
