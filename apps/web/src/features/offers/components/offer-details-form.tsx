import { Autocomplete, Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import {
  detailsComplete,
  ENTITY_SLUG_PATTERN,
  isEmptyValue,
  offerAssetClass,
  offerAssetClassLabels,
  offerDetailsBody,
  offerEquityType,
  offerEquityTypeLabels,
  offerType,
  offerTypeLabels,
  securitiesExemption,
  securitiesExemptionLabels,
  SHORT_DESCRIPTION_GUIDE,
  type Offer,
  type OfferAssetClass,
  type OfferEquityType,
  type OfferType,
  type SecuritiesExemption,
} from '@tessera/domain';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useOfferSlugAvailable } from '../api/check-offer-slug.ts';
import { useUpdateOfferDetails } from '../api/update-offer-details.ts';
import { useDraft } from '../../../hooks/use-draft.ts';
import { CompletenessChip } from './completeness-chip.tsx';
import { fieldErrors } from './field-errors.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { offerErrorText } from './offer-toast.ts';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';

interface DetailsDraft {
  name: string;
  slug: string;
  type: OfferType | '';
  assetClass: OfferAssetClass | '';
  equityType: OfferEquityType | '';
  description: string;
  descriptionShort: string;
  fedExemptionExclusions: SecuritiesExemption[];
}

const fromOffer = (o: Offer): DetailsDraft => ({
  name: o.name,
  slug: o.slug,
  type: o.type ?? '',
  assetClass: o.assetClass ?? '',
  equityType: o.equityType ?? '',
  description: o.description ?? '',
  descriptionShort: o.descriptionShort ?? '',
  fedExemptionExclusions: o.fedExemptionExclusions,
});

const toBody = (d: DetailsDraft) => ({
  name: d.name,
  slug: d.slug.trim(),
  type: d.type || null,
  assetClass: d.assetClass || undefined,
  equityType: d.equityType || null,
  description: d.description || null,
  descriptionShort: d.descriptionShort.trim() || null,
  fedExemptionExclusions: d.fedExemptionExclusions,
});

const MISSING_LABELS = {
  name: 'name',
  descriptionShort: 'short description',
  assetClass: 'asset class',
  type: 'type',
  equityType: 'equity type',
} as const;

/** Details (002 §3, §5): every field, a completeness indicator and Update when something changed. */
export function OfferDetailsForm({
  tenantId,
  offer,
  onDirtyChange,
}: {
  tenantId: string;
  offer: Offer;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOfferDetails(tenantId, offer._id);
  const draft = useDraft(fromOffer(offer));
  const d = draft.value;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof DetailsDraft>(key: K, value: DetailsDraft[K]) => {
    draft.update((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };
  useEffect(() => onDirtyChange(draft.dirty), [draft.dirty, onDirtyChange]);

  const slug = d.slug.trim();
  const slugChanged = slug !== offer.slug;
  const checkedSlug = useDebouncedValue(slugChanged && ENTITY_SLUG_PATTERN.test(slug) ? slug : '', 300);
  const availability = useOfferSlugAvailable(tenantId, checkedSlug, offer._id);
  const taken = slugChanged && availability.data?.slug === slug && !availability.data.available;

  const shown = { ...d, type: d.type || null, assetClass: d.assetClass || null, equityType: d.equityType || null };
  const complete = detailsComplete(shown);
  const missing = (Object.keys(MISSING_LABELS) as (keyof typeof MISSING_LABELS)[])
    .filter((k) => isEmptyValue(shown[k]))
    .map((k) => MISSING_LABELS[k]);

  const save = () => {
    const parsed = offerDetailsBody.safeParse(toBody(d));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        draft.reset();
        enqueueSnackbar('Offer details updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(offerErrorText(error, 'Error updating offer'), { variant: 'error' }),
    });
  };

  const shortLength = d.descriptionShort.length;
  return (
    <SectionCard
      title="Details"
      action={<CompletenessChip complete={complete} missing={missing.length ? `Missing: ${missing.join(', ')}` : undefined} />}
    >
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField
          label="Name"
          required
          fullWidth
          value={d.name}
          onChange={(e) => set('name', e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          label="Slug"
          required
          fullWidth
          value={d.slug}
          onChange={(e) => set('slug', e.target.value)}
          error={Boolean(errors.slug) || taken}
          helperText={
            errors.slug ??
            (taken
              ? 'This slug is already taken by another offer'
              : 'The offer\u2019s address. It should not change once the offer has been shared.')
          }
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            label="Type"
            fullWidth
            value={d.type}
            onChange={(e) => set('type', e.target.value as OfferType | '')}
            error={Boolean(errors.type)}
            helperText={errors.type}
          >
            <MenuItem value="">None</MenuItem>
            {offerType.options.map((t) => (
              <MenuItem key={t} value={t}>
                {offerTypeLabels[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Asset class"
            required
            fullWidth
            value={d.assetClass}
            onChange={(e) => set('assetClass', e.target.value as OfferAssetClass)}
            error={Boolean(errors.assetClass)}
            helperText={errors.assetClass ? 'Asset class is required' : undefined}
          >
            {offerAssetClass.options.map((a) => (
              <MenuItem key={a} value={a}>
                {offerAssetClassLabels[a]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Equity type"
            fullWidth
            value={d.equityType}
            onChange={(e) => set('equityType', e.target.value as OfferEquityType | '')}
          >
            <MenuItem value="">None</MenuItem>
            {offerEquityType.options.map((t) => (
              <MenuItem key={t} value={t}>
                {offerEquityTypeLabels[t]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          label="Short description"
          fullWidth
          multiline
          minRows={2}
          value={d.descriptionShort}
          onChange={(e) => set('descriptionShort', e.target.value)}
          error={Boolean(errors.descriptionShort)}
          helperText={
            errors.descriptionShort ??
            `${shortLength}/${SHORT_DESCRIPTION_GUIDE} characters${shortLength > SHORT_DESCRIPTION_GUIDE ? ' \u2013 longer than recommended for cards' : ''}`
          }
          slotProps={{ formHelperText: { sx: { color: shortLength > SHORT_DESCRIPTION_GUIDE ? 'warning.main' : undefined } } }}
        />
        <RichTextEditor
          label="Description"
          value={d.description}
          onChange={(html) => set('description', html)}
          error={Boolean(errors.description)}
          helperText={errors.description ?? 'Shown on the offer page. Links and basic formatting are kept.'}
        />
        <Autocomplete
          multiple
          options={securitiesExemption.options}
          value={d.fedExemptionExclusions}
          onChange={(_e, value) => set('fedExemptionExclusions', value)}
          getOptionLabel={(o) => securitiesExemptionLabels[o]}
          renderValue={(value, getItemProps) =>
            value.map((v, index) => <Chip {...getItemProps({ index })} key={v} label={securitiesExemptionLabels[v]} size="small" />)
          }
          renderInput={(params) => (
            <TextField {...params} label="Federal exemptions" helperText="The Form D exemptions and exclusions claimed" />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              draft.reset();
              setErrors({});
            }}
            disabled={!draft.dirty || update.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!draft.dirty || update.isPending || taken} loading={update.isPending}>
            Update
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
