import { zodResolver } from '@hookform/resolvers/zod';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  INSTITUTION_SHORT_DESCRIPTION_MAX,
  institutionDetailsUpdateBody,
  institutionType,
  institutionTypeLabels,
  RICH_TEXT_MAX,
  type Institution,
  type InstitutionDetailsUpdateBody,
} from '@tessera/domain';
import { z } from 'zod';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { CustomMetricsEditor } from '../../../components/custom-metrics-editor.tsx';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useIsTenantOwner } from '../../../lib/session/use-is-tenant-owner.ts';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';
import { useDeleteInstitution } from '../api/delete-institution.ts';
import { useUpdateInstitutionDetails } from '../api/update-institution-details.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { InstitutionTabFrame, type InstitutionTabProps } from './institution-tab-frame.tsx';
import { SlugField } from './slug-field.tsx';
import { useSlugCheck } from './use-slug-check.ts';

/**
 * The body's rules, with the description as text ('' for none) and the slug as typed: the slug field checks
 * it itself (pattern and availability), and only owners send it.
 */
const detailsForm = institutionDetailsUpdateBody.extend({
  slug: z.string(),
  description: z.string().max(RICH_TEXT_MAX, 'Description is too long'),
});
type FormValues = z.output<typeof detailsForm>;
type FormInput = z.input<typeof detailsForm>;

const savedValues = (institution: Institution): FormValues => ({
  name: institution.name,
  slug: institution.slug ?? '',
  type: institution.type,
  descriptionShort: institution.descriptionShort ?? '',
  description: institution.description ?? '',
  customMetrics: institution.customMetrics,
});

/** Field errors of the metric list, keyed as the metrics editor expects ('0.key'). */
function metricErrors(errors: FieldErrors<FormInput>['customMetrics']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(errors)) return out;
  errors.forEach((item, index) => {
    if (item?.key?.message) out[`${index}.key`] = item.key.message;
    if (item?.value?.message) out[`${index}.value`] = item.value.message;
  });
  return out;
}

/** The slug is sent only by owners and platform admins, who alone see it (002 §5). */
const toBody = (values: FormValues, withSlug: boolean): InstitutionDetailsUpdateBody => ({
  name: values.name,
  type: values.type,
  descriptionShort: values.descriptionShort,
  description: values.description === '' ? null : values.description,
  customMetrics: values.customMetrics,
  ...(withSlug && { slug: values.slug }),
});

function DetailsForm({ tenantId, institution }: InstitutionTabProps) {
  const isOwner = useIsTenantOwner();
  const showSlug = isOwner && institution.slug !== null;
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateInstitutionDetails(tenantId, institution._id);
  const saved = savedValues(institution);
  const { control, handleSubmit, reset, formState } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(detailsForm),
    values: saved,
  });
  const slug = useWatch({ control, name: 'slug' });
  const shortText = useWatch({ control, name: 'descriptionShort' }) ?? '';
  const slugState = useSlugCheck(showSlug ? tenantId : '', slug ?? '', {
    except: institution._id,
    saved: institution.slug,
    enabled: showSlug,
  });
  const slugBlocked = showSlug && (slugState === 'taken' || slugState === 'invalid' || slugState === 'empty');

  const onSubmit = handleSubmit((values) =>
    update.mutate(toBody(values, showSlug), {
      onSuccess: (next) => {
        reset(savedValues(next));
        enqueueSnackbar('Institution details updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={formSubmit(onSubmit)}>
      <SectionCard title="Details">
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label="Name"
              required
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
          )}
        />
        {showSlug && (
          <Controller
            control={control}
            name="slug"
            render={({ field, fieldState }) => (
              <SlugField
                value={field.value}
                onChange={field.onChange}
                state={slugState}
                error={fieldState.error?.message}
                help="A unique identifier in your organization, seen only by owners and admins."
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <TextField {...field} select label="Type" required fullWidth sx={{ maxWidth: { sm: 320 } }}>
              {institutionType.options.map((type) => (
                <MenuItem key={type} value={type}>
                  {institutionTypeLabels[type]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="descriptionShort"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label="Short description"
              required
              fullWidth
              multiline
              minRows={2}
              error={Boolean(fieldState.error) || shortText.trim().length > INSTITUTION_SHORT_DESCRIPTION_MAX}
              helperText={fieldState.error?.message ?? `${shortText.trim().length} / ${INSTITUTION_SHORT_DESCRIPTION_MAX}`}
            />
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <RichTextEditor
              label="Description"
              value={field.value}
              onChange={field.onChange}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              disabled={update.isPending}
            />
          )}
        />
      </SectionCard>
      <SectionCard title="Custom metrics">
        <Controller
          control={control}
          name="customMetrics"
          render={({ field, fieldState }) => (
            <CustomMetricsEditor
              metrics={field.value.map((m) => ({ ...m, hidden: m.hidden ?? false }))}
              onChange={field.onChange}
              errors={metricErrors(formState.errors.customMetrics)}
              label={fieldState.error?.message ? `Metric (${fieldState.error.message})` : 'Metric'}
            />
          )}
        />
      </SectionCard>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => reset(saved)} disabled={!formState.isDirty || update.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isDirty || update.isPending || slugBlocked}
          loading={update.isPending}
        >
          Update
        </Button>
      </Stack>
      <UnsavedChangesGuard when={formState.isDirty && !update.isPending} />
    </Stack>
  );
}

/** Owners only, in the tenant's marketplace: deletes the institution with its offers and team. */
function DeleteInstitution({ tenantId, institution }: InstitutionTabProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();
  const remove = useDeleteInstitution(tenantId, institution._id);
  const ask = () =>
    confirm({
      title: 'Delete Institution',
      message: `Delete ${institution.name} with its offers and team? This action is irreversible.`,
      confirmLabel: 'Delete Institution',
      destructive: true,
      onConfirm: () =>
        remove.mutateAsync().then(() => {
          enqueueSnackbar('deleted', { variant: 'success' });
          void navigate('/tenant/marketplace/institutions');
        }),
    });
  return (
    <SectionCard title="Delete">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Deletes the institution, its offers and its team memberships. The people stay members of the organization.
      </Typography>
      <Button color="error" variant="outlined" onClick={ask} sx={{ alignSelf: 'flex-start' }}>
        Delete Institution
      </Button>
      {confirmDialog}
    </SectionCard>
  );
}

/** Details tab: name, slug (owners and admins only), type, short description, rich description and custom metrics. */
export function InstitutionDetailsTab() {
  const isOwner = useIsTenantOwner();
  const { area } = useRaiseArea();
  return (
    <InstitutionTabFrame label="Details">
      {(props) => (
        <Stack spacing={2}>
          <DetailsForm key={props.institution._id} {...props} />
          {isOwner && area === 'tenant' && <DeleteInstitution {...props} />}
        </Stack>
      )}
    </InstitutionTabFrame>
  );
}
