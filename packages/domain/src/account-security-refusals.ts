/**
 * The two refusals the web app's API client answers on every page: 'Confirm it is you' opens the step-up dialog, the
 * setup refusal sends the member to set up a second factor. A module of their own (ACCOUNT_SECURITY_TEXTS spreads
 * them), so every page's first download holds these two sentences and not the rest of account security.
 */
export const ACCOUNT_SECURITY_REFUSALS = {
  stepUpRequired: 'Confirm it is you to continue',
  mfaSetupRequired: 'Your organization requires two-step verification. Set it up to continue.',
} as const;
