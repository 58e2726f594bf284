/**
 * What people read about account security (issue #21), the same from the server and the web app. Apart from the
 * schemas of account-security.ts (which re-exports it): the web app's API client, in every page's first download,
 * recognises the step-up and setup refusals by these texts, and the schemas would add a kilobyte there.
 */
export const ACCOUNT_SECURITY_TEXTS = {
  stepUpRequired: 'Confirm it is you to continue',
  mfaSetupRequired: 'Your organization requires two-step verification. Set it up to continue.',
  mfaCodeInvalid: 'The code is not valid. Check your authenticator app and try again.',
  recoveryCodeInvalid: 'The recovery code is not valid or was already used.',
  mfaChallengeExpired: 'This sign-in has expired. Please sign in again.',
  passkeyFailed: 'The passkey could not be verified. Try again or use another method.',
  sessionEnded: 'This session was ended. Please sign in again.',
  currentPasswordWrong: 'The current password is not correct',
  stepUpNeedsSecondFactor: 'Confirm with your authenticator app, a passkey or a recovery code.',
  totpAlreadyEnabled: 'An authenticator app is already set up. Remove it first to set up another.',
  totpSetupNotStarted: 'Start setting up the authenticator app again.',
  noSecondFactor: 'Set up an authenticator app or a passkey first.',
  noPasskey: 'You have no passkey yet.',
  passkeyAlreadyRegistered: 'This passkey is already registered.',
  policyNeedsOwnFactor: 'Set up two-step verification for yourself before requiring it of others.',
} as const;
