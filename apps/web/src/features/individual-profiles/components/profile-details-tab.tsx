import Visibility from '@mui/icons-material/Visibility';
import { Button, Grid, MenuItem, Paper, Stack, Typography } from '@mui/material';
import {
  COUNTRIES,
  gender,
  genderLabels,
  SENSITIVE_PROFILE_FIELDS,
  toProfileUpdateBody,
  updateIndividualProfileBody,
  type IndividualProfile,
  type IndividualProfileDetailsForm,
  type SensitiveProfileField,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useForm, type Control, type FieldPath } from 'react-hook-form';
import { FormMaskedInput } from '../../../components/form-masked-input.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useIndividualProfile } from '../api/get-individual-profile.ts';
import { useRevealIndividualProfile } from '../api/reveal-individual-profile.ts';
import { useUpdateIndividualProfile } from '../api/update-individual-profile.ts';
import { useProfileId } from './individual-profile-page.tsx';

type Form = IndividualProfileDetailsForm;

/** Sensitive fields start empty (their masked value shows as help) until the owner reveals them. */
function formOf(p: IndividualProfile, secrets: Partial<Record<SensitiveProfileField, string>> = {}): Form {
  return {
    firstname: p.firstname,
    lastname: p.lastname,
    middlename: p.middlename,
    birthDate: p.birthDate ?? '',
    birthPlace: p.birthPlace ?? '',
    gender: p.gender ?? '',
    citizenship: p.citizenship ?? '',
    occupation: p.occupation ?? '',
    crd: p.crd ?? '',
    ssn: secrets.ssn ?? '',
    tin: secrets.tin ?? '',
    ein: secrets.ein ?? '',
  };
}

const SENSITIVE_LABELS: Record<SensitiveProfileField, string> = { ssn: 'SSN', tin: 'TIN', ein: 'EIN' };

function Select({
  control,
  name,
  label,
  options,
}: {
  control: Control<Form>;
  name: FieldPath<Form>;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FormTextField control={control} name={name} select label={label} fullWidth>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const GENDER_OPTIONS = gender.options.map((g) => ({ value: g, label: genderLabels[g] }));

function DetailsForm({ profile }: { profile: IndividualProfile }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateIndividualProfile(profile._id);
  const reveal = useRevealIndividualProfile(profile._id);
  const { control, handleSubmit, reset, resetField, setError, getValues, formState } = useForm<Form>({ defaultValues: formOf(profile) });
  const { isDirty, dirtyFields } = formState;
  const hasSecrets = SENSITIVE_PROFILE_FIELDS.some((f) => profile[f]);
  const revealed = reveal.isSuccess;

  const onReveal = () =>
    reveal.mutate(undefined, {
      onSuccess: (clear) => {
        // Revealed values become the fields' baseline, so revealing alone leaves the form clean.
        for (const field of SENSITIVE_PROFILE_FIELDS) if (!dirtyFields[field]) resetField(field, { defaultValue: clear[field] ?? '' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });

  const onSubmit = handleSubmit((values) => {
    const changed = SENSITIVE_PROFILE_FIELDS.filter((f) => dirtyFields[f]);
    const body = toProfileUpdateBody(values, changed);
    const parsed = updateIndividualProfileBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(String(issue.path[0]) as keyof Form, { message: issue.message });
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        enqueueSnackbar('Profile details updated', { variant: 'success' });
        const current = getValues();
        reset(formOf(saved, revealed ? { ssn: current.ssn, tin: current.tin, ein: current.ein } : {}));
      },
      onError: () => enqueueSnackbar('Error updating profile details', { variant: 'error' }),
    });
  });

  const onFile = (field: SensitiveProfileField) => (profile[field] && !revealed ? `On file: ${profile[field]}` : undefined);

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={formSubmit(onSubmit)} sx={{ p: { xs: 2, sm: 3 } }}>
      <UnsavedChangesGuard when={isDirty} />
      <Stack spacing={3}>
        <Typography variant="h6" component="h2">
          Details
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="firstname" label="First name" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="middlename" label="Middle name" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name="lastname" label="Last name" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="birthDate"
              label="Birth date"
              type="date"
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Select control={control} name="birthPlace" label="Birth place" options={COUNTRY_OPTIONS} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Select control={control} name="gender" label="Gender" options={GENDER_OPTIONS} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Select control={control} name="citizenship" label="Citizenship" options={COUNTRY_OPTIONS} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="occupation" label="Occupation" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormMaskedInput control={control} name="crd" label="CRD" mask="crd" fullWidth />
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3">
            Tax identifiers
          </Typography>
          {hasSecrets && !revealed && (
            <Button size="small" startIcon={<Visibility />} onClick={onReveal} loading={reveal.isPending}>
              Reveal saved values
            </Button>
          )}
        </Stack>
        <Grid container spacing={2}>
          {SENSITIVE_PROFILE_FIELDS.map((field) => (
            <Grid key={field} size={{ xs: 12, sm: 4 }}>
              <FormMaskedInput
                control={control}
                name={field}
                label={SENSITIVE_LABELS[field]}
                mask={field}
                fullWidth
                helperText={onFile(field)}
              />
            </Grid>
          ))}
        </Grid>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1 }}>
          <Button disabled={!isDirty || update.isPending} onClick={() => reset()}>
            Discard
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty} loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The Details tab: every §3 field with its mask, the §9 defaults, and the unsaved-changes guard. */
export function ProfileDetailsTab() {
  const profile = useIndividualProfile(useProfileId());
  // The page shows loading and errors; the form mounts once the profile is there.
  return profile.data ? <DetailsForm key={profile.data._id} profile={profile.data} /> : null;
}
