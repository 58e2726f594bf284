import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Button, Card, CardContent, Grid, MenuItem, Stack, TextField } from '@mui/material';
import {
  COUNTRIES,
  legalEntityProfileDetailsBody,
  US_STATES,
  type LegalEntityProfile,
  type LegalEntityProfileDetails,
  type LegalEntityProfileDetailsBody,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useLegalEntityProfiles } from '../api/list-legal-entity-profiles.ts';
import { useUpdateLegalEntityProfileDetails } from '../api/update-legal-entity-profile-details.ts';
import { LegalEntityTypeField } from './legal-entity-type-field.tsx';
import { GicsFields } from './gics-fields.tsx';
import { useLegalEntityOutlet } from './legal-entity-profile-page.tsx';

type DetailsForm = Required<{ [K in keyof LegalEntityProfileDetailsBody]: Exclude<LegalEntityProfileDetailsBody[K], undefined> }>;

function formValues(p: LegalEntityProfile): DetailsForm {
  return {
    parentLegalEntity: p.parentLegalEntity,
    name: p.name,
    displayname: p.displayname ?? '',
    website: p.website ?? '',
    gics: p.gics,
    legalEntityType: p.legalEntityType,
    natureOfBusiness: p.natureOfBusiness ?? '',
    countryOfOrganization: p.countryOfOrganization,
    stateOfOrganization: p.stateOfOrganization ?? '',
  };
}

/** Details of a legal entity: names, website, type, parent, GICS, nature of business and where it is organised. */
export function LegalEntityDetailsTab() {
  const profile = useLegalEntityOutlet();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateLegalEntityProfileDetails(profile._id);
  const entities = useLegalEntityProfiles();
  const { control, handleSubmit, reset, setValue, formState } = useForm<DetailsForm, unknown, LegalEntityProfileDetails>({
    // The form holds display values (empty text for nulls); the schema turns them into the body, so its input type differs.
    resolver: zodResolver(legalEntityProfileDetailsBody) as never,
    defaultValues: formValues(profile),
  });
  const guard = useUnsavedChangesGuard(formState.isDirty && !update.isPending);
  const country = useWatch({ control, name: 'countryOfOrganization' });

  // A reload (refresh=true, another tab's save) brings new server values into a clean form.
  useEffect(() => {
    if (!formState.isDirty) reset(formValues(profile));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server copy changes
  }, [profile.updatedAt]);

  const parents = useMemo(() => (entities.data ?? []).filter((e) => e._id !== profile._id), [entities.data, profile._id]);

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        enqueueSnackbar('Profile details updated', { variant: 'success' });
      },
      onError: () => enqueueSnackbar('Error updating details', { variant: 'error' }),
    }),
  );

  return (
    <Card variant="outlined">
      <CardContent component="form" noValidate onSubmit={formSubmit(onSubmit)}>
        {guard}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="name" label="Name" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="displayname" label="Display name" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="website" label="Website" type="url" placeholder="https://" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <LegalEntityTypeField control={control} name="legalEntityType" />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="parentLegalEntity"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  label="Parent entity"
                  fullWidth
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value || null)}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? (parents.length === 0 ? 'You have no other legal entities' : undefined)}
                >
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                  {parents.map((entity) => (
                    <MenuItem key={entity._id} value={entity._id}>
                      {entity.displayname ?? entity.name}
                    </MenuItem>
                  ))}
                  {/* The current parent stays selectable while the list loads. */}
                  {field.value && !parents.some((e) => e._id === field.value) ? (
                    <MenuItem value={field.value}>{field.value}</MenuItem>
                  ) : null}
                </TextField>
              )}
            />
          </Grid>
          <Controller
            control={control}
            name="gics"
            render={({ field }) => (
              <GicsFields value={field.value} onChange={field.onChange} wrap={(select) => <Grid size={{ xs: 12, sm: 6 }}>{select}</Grid>} />
            )}
          />
          <Grid size={12}>
            <FormTextField control={control} name="natureOfBusiness" label="Nature of business" fullWidth multiline minRows={2} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={control}
              name="countryOfOrganization"
              render={({ field, fieldState }) => (
                <Autocomplete
                  options={COUNTRIES}
                  getOptionLabel={(option) => option.name}
                  isOptionEqualToValue={(option, value) => option.code === value.code}
                  value={COUNTRIES.find((c) => c.code === field.value) ?? null}
                  onChange={(_event, option) => {
                    field.onChange(option?.code ?? null);
                    setValue('stateOfOrganization', '', { shouldDirty: true });
                  }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label="Country of organization"
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    />
                  )}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {country === 'US' ? (
              <FormTextField control={control} name="stateOfOrganization" select label="State of organization" fullWidth>
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
                {US_STATES.map((s) => (
                  <MenuItem key={s.code} value={s.code}>
                    {s.name}
                  </MenuItem>
                ))}
              </FormTextField>
            ) : (
              <FormTextField
                control={control}
                name="stateOfOrganization"
                label="State of organization"
                fullWidth
                disabled={!country}
                helperText={!country ? 'Choose the country first' : undefined}
              />
            )}
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button onClick={() => reset(formValues(profile))} disabled={!formState.isDirty || update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isDirty} loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
