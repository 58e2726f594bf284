// The public face of the MFA module, owner of `user_totp`, `user_recovery_codes`, `webauthn_credentials` and
// `mfa_challenges`: the routes, sign-in's second step and the tenant policy other modules and the auth plugin ask.
export { mfaSetupRequired, startSigninChallenge } from './mfa.service.ts';
