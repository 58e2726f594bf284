import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Box, Divider, Rating, Stack, TextField, Typography } from '@mui/material';
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  experienceLevelOptions,
  financialGoalLabels,
  investmentHorizonLabels,
  offerInterestLabels,
  onboardingAboutBody,
  onboardingBackgroundBody,
  onboardingLevelLabels,
  onboardingProfileBody,
  onboardingReviewBody,
  REVIEW_RATING_MAX,
  countryName,
  type InvestOnboarding,
  type OnboardingAbout,
  type OnboardingBackground,
  type OnboardingProfile,
  type OnboardingReview,
  type OfferAssetClass,
  type User,
} from '@tessera/domain';
import { Controller, useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ChoiceField, MultiChoiceField, StageFrame, YesNoField } from './stage-fields.tsx';

/** What every stage form gets: the saved answers, what to do with the valid answers, and the way back. */
export interface StageFormProps<T> {
  saved: InvestOnboarding;
  user: User;
  pending: boolean;
  onSave: (answers: T) => void;
  onBack?: () => void;
}

const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * A stage's form: the domain's schema is the resolver, and it is checked on every change, so Continue is enabled
 * exactly when the stage's rule of 001 §5 holds.
 */
function useStageForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    mode: 'onChange',
    defaultValues,
  });
}

export function ProfileStage({ saved, user, pending, onSave, onBack }: StageFormProps<OnboardingProfile>) {
  const form = useStageForm(onboardingProfileBody, {
    firstname: saved.profile?.firstname ?? user.firstname ?? '',
    lastname: saved.profile?.lastname ?? user.lastname ?? '',
    countryOfResidence: saved.profile?.countryOfResidence ?? DEFAULT_COUNTRY,
    isUSResident: saved.profile?.isUSResident,
  });
  const { control, formState, handleSubmit } = form;
  return (
    <StageFrame
      title="Your profile"
      intro="Tell us who you are and where you live."
      onBack={onBack}
      canSubmit={formState.isValid}
      pending={pending}
      onSubmit={handleSubmit(onSave)}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="firstname" label="First name" required fullWidth autoComplete="given-name" />
        <FormTextField control={control} name="lastname" label="Last name" required fullWidth autoComplete="family-name" />
      </Stack>
      <Controller
        control={control}
        name="countryOfResidence"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={COUNTRIES}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.code === value.code}
            value={COUNTRIES.find((c) => c.code === field.value) ?? null}
            onChange={(_event, option) => field.onChange(option?.code ?? null)}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                required
                label="Country of residence"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
      <YesNoField control={control} name="isUSResident" label="Are you a US resident?" />
    </StageFrame>
  );
}

export function AboutStage({ saved, pending, onSave, onBack }: StageFormProps<OnboardingAbout>) {
  const { control, formState, handleSubmit } = useStageForm(onboardingAboutBody, {
    financialGoals: saved.about?.financialGoals ?? [],
    riskTolerance: saved.about?.riskTolerance,
    liquidityNeeds: saved.about?.liquidityNeeds,
    investmentHorizon: saved.about?.investmentHorizon,
  });
  const levels = optionsOf(onboardingLevelLabels);
  return (
    <StageFrame
      title="About your investing"
      intro="What you want from your investments shapes what we show you."
      onBack={onBack}
      canSubmit={formState.isValid}
      pending={pending}
      onSubmit={handleSubmit(onSave)}
    >
      <MultiChoiceField
        control={control}
        name="financialGoals"
        label="Financial goals (choose one or more)"
        options={optionsOf(financialGoalLabels)}
      />
      <ChoiceField control={control} name="riskTolerance" label="Risk tolerance" options={levels} row />
      <ChoiceField control={control} name="liquidityNeeds" label="Liquidity needs" options={levels} row />
      <ChoiceField control={control} name="investmentHorizon" label="Investment horizon" options={optionsOf(investmentHorizonLabels)} />
    </StageFrame>
  );
}

export function BackgroundStage({ saved, pending, onSave, onBack }: StageFormProps<OnboardingBackground>) {
  const { control, formState, handleSubmit } = useStageForm(onboardingBackgroundBody, {
    experienceLevel: saved.background?.experienceLevel,
    attestAccreditation: saved.background?.attestAccreditation,
    // Stored as text (the user schema leaves the asset class list out); the schema checks them again on save.
    offerInterests: (saved.background?.offerInterests ?? []) as OfferAssetClass[],
    currentlyInvesting: saved.background?.currentlyInvesting,
  });
  const levels = Object.entries(experienceLevelOptions).map(([value, option]) => ({ value, ...option }));
  return (
    <StageFrame
      title="Your background"
      intro="Your experience helps us match offers to you."
      onBack={onBack}
      canSubmit={formState.isValid}
      pending={pending}
      onSubmit={handleSubmit(onSave)}
    >
      <ChoiceField control={control} name="experienceLevel" label="Experience level" options={levels} />
      <YesNoField control={control} name="attestAccreditation" label="Are you an accredited investor?" />
      <MultiChoiceField
        control={control}
        name="offerInterests"
        label="Offers you are interested in (choose one or more)"
        options={optionsOf(offerInterestLabels)}
        row
      />
      <YesNoField control={control} name="currentlyInvesting" label="Are you investing at the moment?" />
    </StageFrame>
  );
}

const yesNo = (value: boolean | undefined) => (value === undefined ? '-' : value ? 'Yes' : 'No');

/** The answers so far, one line each, for the Review stage. */
function Summary({ saved }: { saved: InvestOnboarding }) {
  const { profile, about, background } = saved;
  const rows: [string, string][] = [
    ['Name', profile ? `${profile.firstname} ${profile.lastname}` : '-'],
    ['Country of residence', profile ? countryName(profile.countryOfResidence) : '-'],
    ['US resident', yesNo(profile?.isUSResident)],
    ['Financial goals', about ? about.financialGoals.map((g) => financialGoalLabels[g]).join(', ') : '-'],
    ['Risk tolerance', about ? onboardingLevelLabels[about.riskTolerance] : '-'],
    ['Liquidity needs', about ? onboardingLevelLabels[about.liquidityNeeds] : '-'],
    ['Investment horizon', about ? investmentHorizonLabels[about.investmentHorizon] : '-'],
    ['Experience level', background ? experienceLevelOptions[background.experienceLevel].label : '-'],
    ['Accredited investor', yesNo(background?.attestAccreditation)],
    ['Offer interests', background ? background.offerInterests.map((k) => offerInterestLabels[k as OfferAssetClass] ?? k).join(', ') : '-'],
    ['Investing at the moment', yesNo(background?.currentlyInvesting)],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, auto) 1fr' }, columnGap: 2, rowGap: 1 }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function ReviewStage({ saved, pending, onSave, onBack }: StageFormProps<OnboardingReview>) {
  const { control, formState, handleSubmit } = useStageForm(onboardingReviewBody, {
    rating: saved.review?.rating ?? null,
    comment: saved.review?.comment ?? '',
  });
  return (
    <StageFrame
      title="Review"
      intro="Check your answers. Go back to change any of them, then finish."
      onBack={onBack}
      submitLabel="Finish"
      canSubmit={formState.isValid}
      pending={pending}
      onSubmit={handleSubmit(onSave)}
    >
      <Summary saved={saved} />
      <Divider />
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ mb: 0.5 }}>
              How was this questionnaire? (optional)
            </Typography>
            <Rating
              name={field.name}
              max={REVIEW_RATING_MAX}
              value={field.value ?? null}
              onChange={(_event, value) => field.onChange(value)}
            />
          </Box>
        )}
      />
      <FormTextField control={control} name="comment" label="Comment (optional)" multiline minRows={2} fullWidth />
    </StageFrame>
  );
}
