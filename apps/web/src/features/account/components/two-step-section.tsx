import { TwoStepSettings } from '../../account-security/index.ts';
import { SectionCard } from './section-card.tsx';

/** Two-step verification (issue #21): the account-security feature's settings in the Account page's card. */
export function TwoStepSection() {
  return (
    <SectionCard
      title="Two-step verification"
      subtitle="A second step at sign-in, after your password: a code from your authenticator app or a passkey."
    >
      <TwoStepSettings />
    </SectionCard>
  );
}
