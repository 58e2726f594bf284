import type { MfaChallenge } from '@tessera/domain';
import { passkeysSupported } from '../../../lib/webauthn.ts';

export type MfaMode = 'totp' | 'recovery' | 'passkey';

/** The step's subtitle, per way of answering it. */
export const MFA_STEP_TEXTS: Record<MfaMode, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of the recovery codes you saved when you turned on two-step verification.',
  passkey: 'Use your passkey to finish signing in.',
};

/** Where the step starts: the app's code when there is one, else the passkey (or a recovery code without WebAuthn). */
export function firstMfaMode(methods: MfaChallenge['methods']): MfaMode {
  if (methods.includes('totp')) return 'totp';
  return methods.includes('webauthn') && passkeysSupported() ? 'passkey' : 'recovery';
}
