import { Stack } from '@mui/material';
import { useCallback, useState } from 'react';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { OfferDetailsForm } from './offer-details-form.tsx';
import { useOfferContext } from './offer-page.tsx';
import { OfferConfigForm, OfferCtaForm, OfferStatusForm } from './offer-settings-forms.tsx';

type Part = 'details' | 'cta' | 'status' | 'config';

/** Details tab: the offer's details, calls to action, status dates and configuration, each saved on its own. */
export function OfferDetailsTab() {
  const { tenantId, offer } = useOfferContext();
  const [dirty, setDirty] = useState<Record<Part, boolean>>({ details: false, cta: false, status: false, config: false });
  const report = useCallback((part: Part) => (value: boolean) => setDirty((d) => (d[part] === value ? d : { ...d, [part]: value })), []);
  const [onDetails] = useState(() => report('details'));
  const [onCta] = useState(() => report('cta'));
  const [onStatus] = useState(() => report('status'));
  const [onConfig] = useState(() => report('config'));

  return (
    <Stack spacing={2}>
      <OfferDetailsForm tenantId={tenantId} offer={offer} onDirtyChange={onDetails} />
      <OfferCtaForm tenantId={tenantId} offer={offer} onDirtyChange={onCta} />
      <OfferStatusForm tenantId={tenantId} offer={offer} onDirtyChange={onStatus} />
      <OfferConfigForm tenantId={tenantId} offer={offer} onDirtyChange={onConfig} />
      <UnsavedChangesGuard when={Object.values(dirty).some(Boolean)} />
    </Stack>
  );
}
