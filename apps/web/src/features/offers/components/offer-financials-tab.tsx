import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Card, CardContent, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import {
  capitalRaiseComplete,
  classesComplete,
  metricsComplete,
  OFFER_CLASSES_MAX,
  offerFinancialsBody,
  type CustomMetric,
  type Offer,
  type OfferClass,
} from '@tessera/domain';
import { useState } from 'react';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useUpdateOfferFinancials } from '../api/update-offer-financials.ts';
import { useDraft } from '../../../hooks/use-draft.ts';
import { CompletenessChip } from './completeness-chip.tsx';
import { CustomMetricsEditor } from '../../../components/custom-metrics-editor.tsx';
import { fieldErrors } from './field-errors.ts';
import { newId } from '../../../lib/new-id.ts';
import { NumberInput, numberText, parseNumber, type NumberUnit } from './number-input.tsx';
import { useOfferContext } from './offer-page.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { offerErrorText } from './offer-toast.ts';

/** The number fields of a class (002 §3), in the order shown, with their units. */
const CLASS_NUMBERS = [
  { key: 'minimumInvestment', label: 'Minimum investment', unit: '$' },
  { key: 'maximumInvestment', label: 'Maximum investment', unit: '$' },
  { key: 'pricePerUnit', label: 'Price per unit', unit: '$' },
  { key: 'internalRateOfReturn', label: 'Internal rate of return', unit: '%' },
  { key: 'annualizedReturn', label: 'Annualized return', unit: '%' },
  { key: 'cashOnCash', label: 'Cash on cash', unit: '%' },
  { key: 'preferredReturn', label: 'Preferred return', unit: '%' },
  { key: 'distributionShare', label: 'Distribution share', unit: '%' },
  { key: 'upsideSplit', label: 'Upside split', unit: '%' },
  { key: 'equityMultiple', label: 'Equity multiple', unit: 'x' },
  { key: 'holdingPeriod', label: 'Holding period', unit: 'months' },
  { key: 'distributionFrequency', label: 'Distribution frequency', unit: 'months' },
] as const satisfies readonly { key: keyof OfferClass; label: string; unit: NumberUnit }[];
type ClassNumberKey = (typeof CLASS_NUMBERS)[number]['key'];

type ClassDraft = { id: string; name: string; description: string; customMetrics: CustomMetric[] } & Record<ClassNumberKey, string>;
interface FinancialsDraft {
  classes: ClassDraft[];
  customMetrics: CustomMetric[];
  capitalRaiseMin: string;
  capitalRaiseMax: string;
  capitalRaiseTotal: string;
}

const classDraft = (c: OfferClass): ClassDraft => ({
  id: c.id,
  name: c.name,
  description: c.description ?? '',
  customMetrics: c.customMetrics,
  ...(Object.fromEntries(CLASS_NUMBERS.map(({ key }) => [key, numberText(c[key])])) as Record<ClassNumberKey, string>),
});
const emptyClass = (): ClassDraft => ({
  id: newId(),
  name: '',
  description: '',
  customMetrics: [],
  ...(Object.fromEntries(CLASS_NUMBERS.map(({ key }) => [key, ''])) as Record<ClassNumberKey, string>),
});
const fromOffer = (o: Offer): FinancialsDraft => ({
  classes: o.classes.map(classDraft),
  customMetrics: o.customMetrics,
  capitalRaiseMin: numberText(o.capitalRaiseMin),
  capitalRaiseMax: numberText(o.capitalRaiseMax),
  capitalRaiseTotal: numberText(o.capitalRaiseTotal),
});
const toBody = (d: FinancialsDraft) => ({
  classes: d.classes.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description.trim() || null,
    customMetrics: c.customMetrics,
    ...Object.fromEntries(CLASS_NUMBERS.map(({ key }) => [key, parseNumber(c[key])])),
    // Required: left empty, the schema names it.
    minimumInvestment: parseNumber(c.minimumInvestment) ?? undefined,
  })),
  customMetrics: d.customMetrics,
  capitalRaiseMin: parseNumber(d.capitalRaiseMin),
  capitalRaiseMax: parseNumber(d.capitalRaiseMax),
  capitalRaiseTotal: parseNumber(d.capitalRaiseTotal),
});

const CAPITAL = [
  { key: 'capitalRaiseMin', label: 'Capital raise minimum', help: 'minimum amount that can be raised' },
  { key: 'capitalRaiseMax', label: 'Capital raise maximum', help: 'maximum amount' },
  { key: 'capitalRaiseTotal', label: 'Capital raised so far', help: 'how much capital has been raised so far' },
] as const;

/** Only those whose key starts with `prefix.`, with the prefix removed. */
const under = (errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`${prefix}.`))
      .map(([k, v]) => [k.slice(prefix.length + 1), v]),
  );

/** Financials tab (002 §3, §5): classes, custom metrics and the capital raise, each with its completeness; one Update. */
export function OfferFinancialsTab() {
  const { tenantId, offer } = useOfferContext();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOfferFinancials(tenantId, offer._id);
  const draft = useDraft(fromOffer(offer));
  const d = draft.value;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (next: (current: FinancialsDraft) => FinancialsDraft) => {
    draft.update(next);
    setErrors({});
  };
  const setClass = (index: number, patch: Partial<ClassDraft>) =>
    change((c) => ({ ...c, classes: c.classes.map((k, i) => (i === index ? { ...k, ...patch } : k)) }));

  // A class without a readable minimum investment is incomplete: leave it out of the number's type rather than invent one.
  const classesForCheck = d.classes
    .map((c) => ({ name: c.name, minimumInvestment: parseNumber(c.minimumInvestment) }))
    .map((c) =>
      c.minimumInvestment !== null && Number.isFinite(c.minimumInvestment)
        ? { name: c.name, minimumInvestment: c.minimumInvestment }
        : { name: '', minimumInvestment: 0 },
    );
  const capital = {
    capitalRaiseMin: parseNumber(d.capitalRaiseMin),
    capitalRaiseMax: parseNumber(d.capitalRaiseMax),
    capitalRaiseTotal: parseNumber(d.capitalRaiseTotal),
  };

  const save = () => {
    const parsed = offerFinancialsBody.safeParse(toBody(d));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      enqueueSnackbar('Check the highlighted fields', { variant: 'warning' });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        draft.reset();
        enqueueSnackbar('financials updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(offerErrorText(error, 'Error updating offer'), { variant: 'error' }),
    });
  };

  return (
    <Stack spacing={2}>
      <SectionCard
        title="Classes"
        action={
          <CompletenessChip
            complete={classesComplete(classesForCheck)}
            missing="At least one class, each with a name and a minimum investment"
          />
        }
      >
        {d.classes.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No classes yet. Add one with at least a name and a minimum investment.
          </Typography>
        )}
        {d.classes.map((c, index) => (
          <Card key={c.id} variant="outlined" role="group" aria-label={`Class ${index + 1}`}>
            <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
              <Stack spacing={2}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    label="Class name"
                    required
                    fullWidth
                    value={c.name}
                    onChange={(e) => setClass(index, { name: e.target.value })}
                    error={Boolean(errors[`classes.${index}.name`])}
                    helperText={errors[`classes.${index}.name`]}
                  />
                  <Tooltip title="Remove class">
                    <IconButton
                      aria-label={`Remove class ${index + 1}`}
                      onClick={() => change((cur) => ({ ...cur, classes: cur.classes.filter((_, i) => i !== index) }))}
                      sx={{ mt: 1 }}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </Stack>
                <TextField
                  label="Class description"
                  fullWidth
                  multiline
                  minRows={2}
                  value={c.description}
                  onChange={(e) => setClass(index, { description: e.target.value })}
                />
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
                  {CLASS_NUMBERS.map(({ key, label, unit }) => (
                    <NumberInput
                      key={key}
                      label={label}
                      unit={unit}
                      required={key === 'minimumInvestment'}
                      value={c[key]}
                      onChange={(value) => setClass(index, { [key]: value })}
                      error={errors[`classes.${index}.${key}`]}
                    />
                  ))}
                </Box>
                <Typography variant="subtitle2" component="h3">
                  Class metrics
                </Typography>
                <CustomMetricsEditor
                  label="Class metric"
                  metrics={c.customMetrics}
                  onChange={(customMetrics) => setClass(index, { customMetrics })}
                  errors={under(errors, `classes.${index}.customMetrics`)}
                />
              </Stack>
            </CardContent>
          </Card>
        ))}
        <Button
          startIcon={<Add />}
          sx={{ alignSelf: 'flex-start' }}
          disabled={d.classes.length >= OFFER_CLASSES_MAX}
          onClick={() => change((cur) => ({ ...cur, classes: [...cur.classes, emptyClass()] }))}
        >
          Add class
        </Button>
      </SectionCard>

      <SectionCard
        title="Custom metrics"
        action={
          <CompletenessChip complete={metricsComplete(d.customMetrics)} missing="At least one metric, each with a name and a value" />
        }
      >
        <CustomMetricsEditor
          metrics={d.customMetrics}
          onChange={(customMetrics) => change((cur) => ({ ...cur, customMetrics }))}
          errors={under(errors, 'customMetrics')}
        />
      </SectionCard>

      <SectionCard
        title="Financial details"
        action={
          <CompletenessChip complete={capitalRaiseComplete(capital)} missing="Minimum, maximum and raised so far, none of them zero" />
        }
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
          {CAPITAL.map(({ key, label, help }) => (
            <NumberInput
              key={key}
              label={label}
              unit="$"
              value={d[key]}
              onChange={(value) => change((cur) => ({ ...cur, [key]: value }))}
              error={errors[key]}
              helperText={help}
            />
          ))}
        </Box>
      </SectionCard>

      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'flex-end', position: 'sticky', bottom: 0, py: 1, bgcolor: 'background.default', zIndex: 1 }}
      >
        <Button
          onClick={() => {
            draft.reset();
            setErrors({});
          }}
          disabled={!draft.dirty || update.isPending}
        >
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={!draft.dirty || update.isPending} loading={update.isPending}>
          Update
        </Button>
      </Stack>
      <UnsavedChangesGuard when={draft.dirty} />
    </Stack>
  );
}
