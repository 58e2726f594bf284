import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Grid, Stack, TextField, type TextFieldProps } from '@mui/material';
import {
  ACCOUNT_PROFILE_FIELDS,
  accountUpdateBody,
  COUNTRIES,
  DEFAULT_COUNTRY,
  US_STATES,
  userDisplayName,
  type AccountUpdate,
  type AccountUpdateBody,
  type User,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { FormMaskedInput } from '../../../components/form-masked-input.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useUpdateAccount } from '../api/update-account.ts';
import { AvatarUpload } from './avatar-upload.tsx';
import { SectionCard } from './section-card.tsx';

type ProfileField = (typeof ACCOUNT_PROFILE_FIELDS)[number];
type ProfileValues = AccountUpdateBody;

/** The form holds text; empty values go to the server as null (§5). The country starts as the US. */
function profileValues(user: User): Required<Pick<ProfileValues, ProfileField>> {
  return {
    firstname: user.firstname ?? '',
    middlename: user.middlename ?? '',
    lastname: user.lastname ?? '',
    displayname: user.displayname ?? '',
    phone: user.phone ?? '',
    line1: user.line1 ?? '',
    line2: user.line2 ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zip: user.zip ?? '',
    country: user.country ?? DEFAULT_COUNTRY,
  };
}

type FieldProps = Omit<TextFieldProps, 'name' | 'value' | 'error'> & {
  control: Control<ProfileValues, unknown, AccountUpdate>;
  name: ProfileField;
};

function Field({ control, name, helperText, ...props }: FieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          {...props}
          value={field.value ?? ''}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/** Profile: image, names, contact and address, saved together. */
export function ProfileSection({ user }: { user: User }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateAccount(user._id);
  const { control, handleSubmit, reset, setValue, formState } = useForm<ProfileValues, unknown, AccountUpdate>({
    resolver: zodResolver(accountUpdateBody),
    defaultValues: profileValues(user),
    mode: 'onTouched',
  });
  const country = useWatch({ control, name: 'country' });
  const isUS = country === 'US';

  // A save elsewhere (image, another tab) brings new values; keep what is being typed.
  useEffect(() => {
    if (!formState.isDirty) reset(profileValues(user));
  }, [user, reset, formState.isDirty]);

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(profileValues(saved));
        enqueueSnackbar('Profile details updated', { variant: 'success' });
      },
      onError: () => enqueueSnackbar('Error updating profile details', { variant: 'error' }),
    }),
  );

  return (
    <SectionCard title="Profile" subtitle="How you appear across the platform and where we can reach you.">
      <UnsavedChangesGuard when={formState.isDirty} />
      <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)} spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
          <AvatarUpload user={user} />
          <Box sx={{ flex: 1, width: '100%' }}>
            <Field
              control={control}
              name="displayname"
              label="Display name"
              helperText={`Shown as ${userDisplayName({ ...user, displayname: null })} when empty`}
            />
          </Box>
        </Stack>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Field control={control} name="firstname" label="First name" required autoComplete="given-name" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Field control={control} name="middlename" label="Middle name" autoComplete="additional-name" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Field control={control} name="lastname" label="Last name" required autoComplete="family-name" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Email" value={user.email} fullWidth disabled helperText="Contact support to change your email" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormMaskedInput control={control} name="phone" mask="phone" label="Phone" fullWidth autoComplete="tel-national" />
          </Grid>
          <Grid size={12}>
            <Field control={control} name="line1" label="Street" autoComplete="address-line1" />
          </Grid>
          <Grid size={12}>
            <Field control={control} name="line2" label="Address 2" autoComplete="address-line2" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field control={control} name="city" label="City" autoComplete="address-level2" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Field
              control={control}
              name="country"
              label="Country"
              select
              autoComplete="country"
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              onChange={(event) => {
                const next = event.target.value;
                setValue('country', next, { shouldDirty: true, shouldValidate: true });
                // US states and zips do not carry over to other countries, nor back.
                if ((next === 'US') !== isUS) {
                  setValue('state', '', { shouldDirty: true });
                  setValue('zip', '', { shouldDirty: true });
                }
              }}
            >
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {isUS ? (
              <Field
                control={control}
                name="state"
                label="State"
                select
                autoComplete="address-level1"
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">—</option>
                {US_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </Field>
            ) : (
              <Field control={control} name="state" label="State / Region" autoComplete="address-level1" />
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {isUS ? (
              <FormMaskedInput control={control} name="zip" mask="zip" label="Zip" fullWidth autoComplete="postal-code" />
            ) : (
              <Field control={control} name="zip" label="Postal code" autoComplete="postal-code" />
            )}
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button disabled={!formState.isDirty || update.isPending} onClick={() => reset(profileValues(user))}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isDirty} loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
