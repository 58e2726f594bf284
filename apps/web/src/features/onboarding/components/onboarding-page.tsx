import { Box, Card, CardContent, Container, Step, StepButton, StepLabel, Stepper, Typography } from '@mui/material';
import {
  ONBOARDING_FORM_STAGES,
  onboardingStageIndex,
  onboardingStageLabels,
  type InvestOnboarding,
  type OnboardingFormStage,
  type OnboardingStage,
  type User,
} from '@tessera/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useSaveOnboardingStage, type StageAnswers, type StageSave } from '../api/save-onboarding-stage.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { AboutStage, BackgroundStage, ProfileStage, ReviewStage } from './stage-forms.tsx';

/** The stage a user opens the questionnaire on: the one to do next (Review again once everything is saved). */
const openingStage = (stage: OnboardingStage | null): OnboardingFormStage =>
  !stage || stage === 'complete' ? (stage ? 'review' : 'profile') : stage;

/**
 * The side stepper of 001 §2 (hidden under 600 px): stages before the user's next one are completed, that one is
 * active, later ones are disabled; the completed and current ones can be opened.
 */
export function OnboardingStepper({
  current,
  viewing,
  onOpen,
}: {
  current: OnboardingStage;
  viewing: OnboardingFormStage;
  onOpen: (stage: OnboardingFormStage) => void;
}) {
  const at = onboardingStageIndex(current);
  return (
    <Box component="nav" aria-label="Onboarding stages" sx={{ display: { xs: 'none', sm: 'block' }, width: 200, flexShrink: 0 }}>
      <Stepper orientation="vertical" nonLinear activeStep={onboardingStageIndex(viewing)}>
        {ONBOARDING_FORM_STAGES.map((stage, index) => (
          <Step key={stage} completed={index < at} disabled={index > at}>
            <StepButton onClick={() => onOpen(stage)} disabled={index > at}>
              <StepLabel>{onboardingStageLabels[stage]}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}

/** /investor/onboarding: the questionnaire (001 §2). The server says which stage comes next after every save. */
export function OnboardingPage() {
  const { user } = useCurrentUser();
  const { name } = useTenant();
  if (!user) return null;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <title>{`Onboarding · ${name}`}</title>
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        Welcome to {name}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>A few questions to set up your investor profile.</Typography>
      <Questionnaire user={user} />
    </Container>
  );
}

function Questionnaire({ user }: { user: User }) {
  const navigate = useNavigate();
  const save = useSaveOnboardingStage(user._id);
  const current = user.investOnboardingStage ?? 'profile';
  const [viewing, setViewing] = useState<OnboardingFormStage>(() => openingStage(user.investOnboardingStage));
  const saved: InvestOnboarding = user.investOnboarding ?? {};
  const index = ONBOARDING_FORM_STAGES.indexOf(viewing);
  const onBack = index > 0 ? () => setViewing(ONBOARDING_FORM_STAGES[index - 1]!) : undefined;

  function onSave<S extends OnboardingFormStage>(stage: S) {
    return (answers: StageAnswers<S>) =>
      save.mutate({ stage, answers } as StageSave, {
        onSuccess: ({ nextStage }) => {
          if (nextStage === 'complete') void navigate('/', { replace: true });
          else setViewing(nextStage);
        },
        // 001 §8: onboarding save failures are only logged.
        onError: (error) => console.error('Saving the onboarding stage failed', error),
      });
  }

  const common = { saved, user, pending: save.isPending, onBack };
  return (
    <Box sx={{ display: 'flex', gap: { sm: 3, md: 4 }, alignItems: 'flex-start' }}>
      <OnboardingStepper current={current} viewing={viewing} onOpen={setViewing} />
      <Card variant="outlined" sx={{ flex: 1, minWidth: 0, borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {`Step ${index + 1} of ${ONBOARDING_FORM_STAGES.length}`}
          </Typography>
          {/* Keyed by stage: each stage's form starts from its own saved answers. */}
          {viewing === 'profile' && <ProfileStage key="profile" {...common} onSave={onSave('profile')} />}
          {viewing === 'about' && <AboutStage key="about" {...common} onSave={onSave('about')} />}
          {viewing === 'background' && <BackgroundStage key="background" {...common} onSave={onSave('background')} />}
          {viewing === 'review' && <ReviewStage key="review" {...common} onSave={onSave('review')} />}
        </CardContent>
      </Card>
    </Box>
  );
}
