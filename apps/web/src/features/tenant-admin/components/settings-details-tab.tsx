import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Divider,
  FormControlLabel,
  FormHelperText,
  Grid,
  Stack,
  Switch,
  TextField,
  Typography,
  type ChipProps,
} from '@mui/material';
import {
  HIGH_MINIMUM_PATH_HELP,
  HIGH_MINIMUM_PATH_LABEL,
  identityVerificationStatusLabels,
  TENANT_DESCRIPTION_MAX,
  tenantDetailsBody,
  type IdentityVerificationStatus,
  type TenantDetails,
  type TenantDetailsInput,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { ContactEditor } from '../../contact/index.ts';
import { useUpdateTenantContact } from '../api/update-tenant-contact.ts';
import { useUpdateTenantDetails } from '../api/update-tenant-details.ts';
import { SecurityPolicyCard } from './security-policy-card.tsx';
import { useTenantSettingsOutlet } from './tenant-settings-page.tsx';

interface DetailsForm {
  name: string;
  description: string;
  website: string;
  supportEmail: string;
  highMinimumPath: boolean;
}

const formValues = (t: TenantDetails): DetailsForm => ({
  name: t.name,
  description: t.description ?? '',
  website: t.website ?? '',
  supportEmail: t.supportEmail ?? '',
  highMinimumPath: t.highMinimumPath,
});

const VERIFICATION_COLOURS: Record<IdentityVerificationStatus, ChipProps['color']> = {
  approved: 'success',
  rejected: 'error',
  error: 'error',
  submitted: 'info',
  started: 'warning',
  'not-started': 'default',
};

function DetailsCard({ tenant }: { tenant: TenantDetails }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateTenantDetails(tenant._id);
  const { control, handleSubmit, reset, formState } = useForm<DetailsForm, unknown, TenantDetailsInput>({
    // The form holds text (empty for none); the schema turns empty text into null, so its input type differs.
    resolver: zodResolver(tenantDetailsBody) as never,
    defaultValues: formValues(tenant),
  });
  const guard = useUnsavedChangesGuard(formState.isDirty && !update.isPending);
  const highMinimumHelpId = useId();

  // A newer server copy (another tab's save) comes into a clean form.
  useEffect(() => {
    if (!formState.isDirty) reset(formValues(tenant));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server copy changes
  }, [tenant.updatedAt]);

  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        enqueueSnackbar('Tenant details updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  return (
    <Card variant="outlined">
      <CardHeader
        title="Details"
        action={
          <Chip
            label={`Verification: ${identityVerificationStatusLabels[tenant.verificationStatus]}`}
            color={VERIFICATION_COLOURS[tenant.verificationStatus]}
            variant="outlined"
          />
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent component="form" noValidate onSubmit={formSubmit(onSubmit)} aria-label="Tenant details">
        {guard}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="name" label="Name" required fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="website" label="Website" type="url" placeholder="https://" fullWidth />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="description"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="Description"
                  multiline
                  minRows={3}
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? `${field.value.length} / ${TENANT_DESCRIPTION_MAX}`}
                />
              )}
            />
          </Grid>
          <Grid size={12}>
            <Divider />
            <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
              Accreditation
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="supportEmail"
              label="Support email"
              type="email"
              fullWidth
              helperText="Shown to investors whose application cannot be accepted; the platform's address when empty"
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="highMinimumPath"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { 'aria-describedby': highMinimumHelpId } }}
                    />
                  }
                  label={HIGH_MINIMUM_PATH_LABEL}
                />
              )}
            />
            <FormHelperText id={highMinimumHelpId}>{HIGH_MINIMUM_PATH_HELP}</FormHelperText>
          </Grid>
        </Grid>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button onClick={() => reset(formValues(tenant))} disabled={!formState.isDirty || update.isPending}>
            Reset
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isDirty || update.isPending}>
            Update
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function ContactCard({ tenant }: { tenant: TenantDetails }) {
  const update = useUpdateTenantContact(tenant._id);
  // The editor has its own 'Contact' heading.
  return (
    <ContactEditor
      contact={tenant.contact}
      saving={update.isPending}
      onSave={async (contact) => {
        await update.mutateAsync(contact);
      }}
    />
  );
}

/**
 * /tenant/settings/details: name, description, website, the support address and the high-minimum path (issue #19),
 * contact, the verification status the platform sets, and the sign-in policy (issue #21).
 */
export function TenantSettingsDetailsTab() {
  const tenant = useTenantSettingsOutlet();
  return (
    <Stack spacing={3}>
      <DetailsCard tenant={tenant} />
      <SecurityPolicyCard tenantId={tenant._id} />
      <ContactCard tenant={tenant} />
    </Stack>
  );
}
