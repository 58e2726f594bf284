import { signinResult, type AuthResult, type MfaChallenge, type SigninBody, type SigninResult } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useAuthRequestContext } from './auth-request-context.ts';

/** The password was right: a session, or (the account has a second factor) the challenge of the second step. */
export function signin(body: SigninBody): Promise<SigninResult> {
  return api.post('/auth/signin', body, signinResult);
}

export function isMfaChallenge(answer: AuthResult | MfaChallenge): answer is MfaChallenge {
  return 'mfaRequired' in answer;
}

export function useSignin() {
  const context = useAuthRequestContext('signin', { tenantOnPlatformOnly: true });
  return useMutation({
    mutationFn: async (body: SigninBody) => signin({ ...body, ...(await context()) }),
    onSuccess: (answer) => {
      if (!isMfaChallenge(answer)) sessionStore.signIn(answer);
    },
  });
}
