import { Button, Stack, TextField, Typography } from '@mui/material';
import { deriveListingStatus, offerConfigBody, offerCtaBody, offerStatusBody, type Offer } from '@tessera/domain';
import { useEffect, useState } from 'react';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useUpdateOfferConfig } from '../api/update-offer-config.ts';
import { useUpdateOfferCta } from '../api/update-offer-cta.ts';
import { useUpdateOfferStatus } from '../api/update-offer-status.ts';
import { useDraft } from '../../../hooks/use-draft.ts';
import { fieldErrors } from './field-errors.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { ListingStatusBadge } from './offer-status-chips.tsx';
import { offerErrorText } from './offer-toast.ts';

interface FormProps {
  tenantId: string;
  offer: Offer;
  onDirtyChange: (dirty: boolean) => void;
}

const failedText = (error: unknown) => offerErrorText(error, 'Error updating offer');

// ── Calls to action ──────────────────────────────────────────────────────────────────────

interface CtaDraft {
  primaryLabel: string;
  primaryUrl: string;
  secondaryLabel: string;
  secondaryUrl: string;
}
const ctaFromOffer = (o: Offer): CtaDraft => ({
  primaryLabel: o.primaryCTA?.label ?? '',
  primaryUrl: o.primaryCTA?.url ?? '',
  secondaryLabel: o.secondaryCTA?.label ?? '',
  secondaryUrl: o.secondaryCTA?.url ?? '',
});

/** 002 §5: Update CTA needs a primary CTA (label and URL) and a change. An empty secondary CTA is none. */
export function OfferCtaForm({ tenantId, offer, onDirtyChange }: FormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOfferCta(tenantId, offer._id);
  const draft = useDraft(ctaFromOffer(offer));
  const d = draft.value;
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => onDirtyChange(draft.dirty), [draft.dirty, onDirtyChange]);
  const set = (key: keyof CtaDraft, value: string) => {
    draft.update((c) => ({ ...c, [key]: value }));
    setErrors({});
  };
  const hasPrimary = d.primaryLabel.trim() !== '' && d.primaryUrl.trim() !== '';

  const save = () => {
    const secondary = d.secondaryLabel.trim() || d.secondaryUrl.trim() ? { label: d.secondaryLabel, url: d.secondaryUrl } : null;
    const parsed = offerCtaBody.safeParse({ primaryCTA: { label: d.primaryLabel, url: d.primaryUrl }, secondaryCTA: secondary });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        draft.reset();
        enqueueSnackbar('CTA updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(failedText(error), { variant: 'error' }),
    });
  };

  const field = (key: keyof CtaDraft, label: string, path: string, required = false) => (
    <TextField
      label={label}
      required={required}
      fullWidth
      value={d[key]}
      onChange={(e) => set(key, e.target.value)}
      error={Boolean(errors[path])}
      helperText={errors[path]}
    />
  );
  return (
    <SectionCard title="Calls to action">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The buttons on the offer page, such as ‘Invest now’ and ‘Book a call’.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {field('primaryLabel', 'Primary label', 'primaryCTA.label', true)}
        {field('primaryUrl', 'Primary URL', 'primaryCTA.url', true)}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {field('secondaryLabel', 'Secondary label', 'secondaryCTA.label')}
        {field('secondaryUrl', 'Secondary URL', 'secondaryCTA.url')}
      </Stack>
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
        <Button variant="contained" onClick={save} disabled={!draft.dirty || !hasPrimary || update.isPending} loading={update.isPending}>
          Update CTA
        </Button>
      </Stack>
    </SectionCard>
  );
}

// ── Status dates ─────────────────────────────────────────────────────────────────────────

/**
 * An ISO instant as the value of a datetime-local input (yyyy-MM-ddThh:mm), in the browser's time zone. The year has four
 * digits at least: a year typed half-way ("0002") came back as "2-…", which the input refuses with a console warning.
 */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime()) || d.getFullYear() < 1) return '';
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string): string | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** 002 §4, §5: open and close dates, the listing status they give, Update Status when the dates changed. */
export function OfferStatusForm({ tenantId, offer, onDirtyChange }: FormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOfferStatus(tenantId, offer._id);
  const draft = useDraft({ open: toLocalInput(offer.openDate), close: toLocalInput(offer.closeDate) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => onDirtyChange(draft.dirty), [draft.dirty, onDirtyChange]);
  const openDate = fromLocalInput(draft.value.open);
  const closeDate = fromLocalInput(draft.value.close);
  const derived = deriveListingStatus(openDate, closeDate);

  const save = () => {
    const parsed = offerStatusBody.safeParse({ openDate, closeDate });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        draft.reset();
        enqueueSnackbar('status updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(failedText(error), { variant: 'error' }),
    });
  };

  return (
    <SectionCard
      title="Status"
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">Listing status:</Typography>
          <ListingStatusBadge status={derived} showOpen />
        </Stack>
      }
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Upcoming before the open date, open from then until the close date, closed after it.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {(['open', 'close'] as const).map((key) => (
          <TextField
            key={key}
            type="datetime-local"
            label={key === 'open' ? 'Open date' : 'Close date'}
            fullWidth
            value={draft.value[key]}
            onChange={(e) => {
              draft.update((c) => ({ ...c, [key]: e.target.value }));
              setErrors({});
            }}
            error={Boolean(errors[`${key}Date`])}
            helperText={errors[`${key}Date`] ?? 'Leave blank for none'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
      </Stack>
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
        <Button variant="contained" onClick={save} disabled={!draft.dirty || update.isPending} loading={update.isPending}>
          Update Status
        </Button>
      </Stack>
    </SectionCard>
  );
}

// ── Configuration ────────────────────────────────────────────────────────────────────────

/** The e-signature template investors sign when investing in this offer. */
export function OfferConfigForm({ tenantId, offer, onDirtyChange }: FormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateOfferConfig(tenantId, offer._id);
  const draft = useDraft(offer.config.esignTemplateId ?? '');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => onDirtyChange(draft.dirty), [draft.dirty, onDirtyChange]);

  const save = () => {
    const parsed = offerConfigBody.safeParse({ esignTemplateId: draft.value.trim() || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        draft.reset();
        enqueueSnackbar('config updated', { variant: 'success' });
      },
      onError: (err) => enqueueSnackbar(failedText(err), { variant: 'error' }),
    });
  };

  return (
    <SectionCard title="Configuration">
      <TextField
        label="E-sign template id"
        fullWidth
        value={draft.value}
        onChange={(e) => {
          draft.update(e.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? 'The e-signature template investors sign for this offer. Leave blank for none.'}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={draft.reset} disabled={!draft.dirty || update.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={!draft.dirty || update.isPending} loading={update.isPending}>
          Update Config
        </Button>
      </Stack>
    </SectionCard>
  );
}
