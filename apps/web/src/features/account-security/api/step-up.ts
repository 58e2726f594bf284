import { stepUpResult, webauthnOptions, type StepUpBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { passkeyAssertion } from '../../../lib/webauthn.ts';

/** Confirms it is you: this session may then make the protected changes for a while. */
export function stepUp(body: StepUpBody) {
  return api.post('/auth/step-up', body, stepUpResult);
}

export function getStepUpOptions(): Promise<Record<string, unknown>> {
  return api.post('/auth/step-up/options', {}, webauthnOptions);
}

/** The password or a code as typed, or `{ method: 'webauthn' }` to ask a passkey. */
export type StepUpAnswer = Exclude<StepUpBody, { method: 'webauthn' }> | { method: 'webauthn' };

export function useStepUp() {
  return useMutation({
    mutationFn: async (answer: StepUpAnswer) => {
      if (answer.method !== 'webauthn') return stepUp(answer);
      const response = await passkeyAssertion(await getStepUpOptions());
      return stepUp({ method: 'webauthn', response: response as unknown as Extract<StepUpBody, { method: 'webauthn' }>['response'] });
    },
  });
}
