import { CircularProgress } from '@mui/material';
import type { AuthResult, MfaChallenge } from '@tessera/domain';
import { lazy, Suspense, useState } from 'react';
import { AuthCard } from './auth-card.tsx';
import { firstMfaMode, MFA_STEP_TEXTS } from './mfa-modes.ts';

/** The second step's form, loaded when a password was right and the account has a second factor: most never need it. */
export const loadMfaStep = () => import('./mfa-step.tsx').then((m) => ({ default: m.MfaStep }));
const MfaStep = lazy(loadMfaStep);

interface SecondStepCardProps {
  challenge: MfaChallenge;
  onSignedIn: (result: AuthResult) => void;
  /** Back to the password; `notice` says why when the sign-in expired. */
  onBack: (notice?: string) => void;
}

/** "Two-step verification" (issue #21) in the card the password was typed in: after sign-in and after a password reset. */
export function SecondStepCard({ challenge, onSignedIn, onBack }: SecondStepCardProps) {
  const [mode, setMode] = useState(() => firstMfaMode(challenge.methods));
  return (
    <AuthCard title="Two-step verification" subtitle={MFA_STEP_TEXTS[mode]}>
      <Suspense fallback={<CircularProgress aria-label="Loading" sx={{ display: 'block', mx: 'auto' }} />}>
        <MfaStep challenge={challenge} mode={mode} onModeChange={setMode} onSignedIn={onSignedIn} onBack={onBack} />
      </Suspense>
    </AuthCard>
  );
}
