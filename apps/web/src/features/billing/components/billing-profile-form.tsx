import Sync from '@mui/icons-material/Sync';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Stack, Typography } from '@mui/material';
import {
  BILLING_LIMITS,
  BILLING_TEXTS,
  billingProfileBody,
  COUNTRIES,
  type BillingProfile,
  type BillingProfileInput,
} from '@tessera/domain';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useBillingProfile } from '../api/get-billing-profile.ts';
import { useSyncBillingProfile } from '../api/sync-billing-profile.ts';
import { useUpdateBillingProfile } from '../api/update-billing-profile.ts';
import { BillingLoadError } from './billing-section-state.tsx';

type ProfileValues = z.output<typeof billingProfileBody>;

const savedValues = (profile: BillingProfile): BillingProfileInput => ({
  company: profile.company,
  email: profile.email,
  taxId: profile.taxId,
  address: { ...profile.address },
});

interface BillingProfileSectionProps {
  tenantId: string;
  institutionId: string;
  /** The caller may save the profile and sync it (the plan's canManage); otherwise the fields are read-only. */
  canManage: boolean;
}

/** Who invoices are made out to (PUT tenant/{t}/institutions/{id}/billing, toast 'billing updated'); Stripe: sync to its customer. */
export function BillingProfileSection({ tenantId, institutionId, canManage }: BillingProfileSectionProps) {
  const profile = useBillingProfile(tenantId, institutionId);
  const sync = useSyncBillingProfile(tenantId, institutionId);
  const { enqueueSnackbar } = useSnackbar();
  const data = profile.data;
  const syncButton = canManage && data?.provider === 'stripe' && (
    <Button
      variant="outlined"
      startIcon={<Sync />}
      loading={sync.isPending}
      onClick={() =>
        sync.mutate(undefined, {
          onSuccess: () => enqueueSnackbar(BILLING_TEXTS.profileSynced, { variant: 'success' }),
          onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
        })
      }
    >
      Sync with provider
    </Button>
  );
  return (
    <SectionCard title="Billing profile" action={syncButton}>
      {profile.error ? (
        <BillingLoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : !data ? (
        <SkeletonList rows={4} label="Loading billing profile" />
      ) : (
        <ProfileForm tenantId={tenantId} institutionId={institutionId} canManage={canManage} profile={data} />
      )}
    </SectionCard>
  );
}

function ProfileForm({ tenantId, institutionId, canManage, profile }: BillingProfileSectionProps & { profile: BillingProfile }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateBillingProfile(tenantId, institutionId);
  const readOnly = !canManage;
  const { control, handleSubmit, reset, formState } = useForm<BillingProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(billingProfileBody),
    values: savedValues(profile),
    // A refetch (after a plan change elsewhere on the tab) keeps what is being typed.
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(savedValues(saved));
        enqueueSnackbar(BILLING_TEXTS.updated, { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      // Those who only read never send it (Enter in a read-only field would).
      onSubmit={canManage ? formSubmit(onSubmit) : (e: FormEvent) => e.preventDefault()}
      aria-label="Billing profile"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="company"
            label="Company"
            required
            autoComplete="organization"
            slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.company, readOnly } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="email"
            label="Billing e-mail"
            type="email"
            required
            autoComplete="email"
            helperText="Invoices are sent here"
            slotProps={{ htmlInput: { readOnly } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="taxId"
            label="Tax ID"
            slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.taxId, readOnly } }}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="address.line1"
            label="Address line 1"
            autoComplete="address-line1"
            slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.addressLine, readOnly } }}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="address.line2"
            label="Address line 2"
            autoComplete="address-line2"
            slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.addressLine, readOnly } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="address.city"
            label="City"
            autoComplete="address-level2"
            slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.city, readOnly } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="address.state"
            label="State or region"
            autoComplete="address-level1"
            slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.state, readOnly } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="address.postalCode"
            label="Postal code"
            autoComplete="postal-code"
            slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.postalCode, readOnly } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="address.country"
            label="Country"
            select
            autoComplete="country"
            // A native select has no read-only state: disabled, for those who only read.
            disabled={readOnly}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">—</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </FormTextField>
        </Grid>
      </Grid>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        {canManage && (
          <Button type="submit" variant="contained" disabled={!formState.isDirty} loading={update.isPending}>
            Save
          </Button>
        )}
        {profile.provider === 'stripe' && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {profile.syncedAt ? `Last synced with Stripe ${formatDateTime(profile.syncedAt)}` : 'Not synced with Stripe yet'}
          </Typography>
        )}
      </Stack>
      <UnsavedChangesGuard when={formState.isDirty && !update.isPending} />
    </Stack>
  );
}
