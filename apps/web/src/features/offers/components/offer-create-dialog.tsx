import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import {
  Autocomplete,
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { ENTITY_SLUG_PATTERN, type Institution } from '@tessera/domain';
import { useId, useState } from 'react';
import { CancelSubmitActions } from '../../../components/form-dialog.tsx';
import { preventedSubmit } from '../../../lib/form-submit.ts';
import { withDraftName, withDraftSlug } from '../../../lib/slug-draft.ts';
import { useAfterCleared } from '../../../hooks/use-after-cleared.ts';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useDebouncedValue } from '../../../components/use-debounced-value.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { usePlanLimitAction } from '../../../lib/use-plan-limit-action.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useOfferSlugAvailable } from '../api/check-offer-slug.ts';
import { useCreateOffer } from '../api/create-offer.ts';
import { useInstitutionOptions } from '../api/list-institution-options.ts';
import { offerAddresses } from './offer-address.ts';
import { offerErrorMessage, offerErrorText } from './offer-toast.ts';

/** The offer creation flow of 002 §1, shown beside the form. */
const PROCESS = [
  {
    label: 'Create',
    text: 'Name the offer and pick its institution. You can fill in the details, financials, media and documents afterwards.',
  },
  { label: 'Provider approves', text: 'The platform provider reviews the offer and approves it.' },
  { label: 'Publish', text: 'Once approved and complete (with the four required documents), publish it to the marketplace.' },
  { label: 'Monitor', text: 'Follow its leads, views and history from the offer page.' },
];

interface OfferCreateDialogProps {
  tenantId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (offerId: string) => void;
  /** Preset and locked: the institution in view (institution area, or an institution's offers tab). */
  institutionId: string | null;
  /** Only the institutions the caller is on the team of (GPs in the institution area). */
  teamOnly: boolean;
}

interface Draft {
  name: string;
  slug: string;
  /** The slug was edited by hand: it no longer follows the name. */
  slugEdited: boolean;
  institution: string | null;
}

/** 'Add Offer' (?modal=create): name, slug (derived from the name until edited), institution, and the offer's future addresses. */
export function OfferCreateDialog({ tenantId, open, onClose, onCreated, institutionId, teamOnly }: OfferCreateDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const { tenantSlug, tenant } = useTenant();
  const create = useCreateOffer(tenantId);
  const planLimitAction = usePlanLimitAction();
  const empty: Draft = { name: '', slug: '', slugEdited: false, institution: institutionId };
  const [draft, setDraft] = useState<Draft>(empty);
  const institution = institutionId ?? draft.institution;
  const options = useInstitutionOptions(open ? tenantId : '', teamOnly);
  const institutions = options.data?.data ?? [];
  const picked = institutions.find((i) => i._id === institution) ?? null;

  const slug = draft.slug.trim();
  const slugValid = slug === '' || ENTITY_SLUG_PATTERN.test(slug);
  const checkedSlug = useDebouncedValue(slugValid ? slug : '', 300);
  const availability = useOfferSlugAvailable(open ? tenantId : '', checkedSlug);
  const checking = slug !== '' && slugValid && (checkedSlug !== slug || availability.isFetching);
  const taken = !checking && availability.data?.slug === slug && !availability.data.available;
  const available = !checking && availability.data?.slug === slug && availability.data.available;

  const dirty = draft.name !== '' || draft.slug !== '' || (!institutionId && draft.institution !== null);
  const guard = useUnsavedChangesGuard(open && dirty && !create.isPending);
  const canCreate = draft.name.trim() !== '' && slug !== '' && institution !== null && slugValid && !taken && !create.isPending;
  const addresses = offerAddresses(tenantSlug ?? tenant?.slug ?? null, slug);

  // Move on only once the cleared form has rendered, so the unsaved-changes guard lets the navigation through.
  const afterCleared = useAfterCleared<string>(dirty, onCreated);

  const close = () => {
    if (create.isPending) return;
    setDraft(empty);
    onClose();
  };
  const setName = (name: string) => setDraft((d) => withDraftName(d, name));
  const setSlug = (value: string) => setDraft((d) => withDraftSlug(d, value));

  const submit = () => {
    if (!canCreate || institution === null) return;
    create.mutate(
      { name: draft.name.trim(), slug, institution },
      {
        onSuccess: (offer) => {
          enqueueSnackbar('Offer - Successfully created', { variant: 'success' });
          afterCleared(offer._id);
          setDraft(empty);
        },
        onError: (error) => {
          const text = offerErrorText(error, 'Error creating offer');
          enqueueSnackbar(text, { variant: 'error', action: planLimitAction(text, institution) });
        },
      },
    );
  };

  const slugHelp = !slugValid
    ? 'Use lowercase letters, digits, hyphens and underscores, not starting or ending with a hyphen'
    : taken
      ? 'This slug is already taken by another offer'
      : available
        ? 'Available. The slug is the offer\u2019s address and should not change once shared.'
        : 'Derived from the name until you edit it. It should not change once shared.';

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Create Offer</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column-reverse', md: 'row' }} spacing={3} sx={{ pt: 1 }}>
          <Box
            component="aside"
            aria-label="How offers go live"
            sx={{ flex: 1, minWidth: 0, bgcolor: 'action.hover', borderRadius: 1, p: 2 }}
          >
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              How an offer goes live
            </Typography>
            <Stepper orientation="vertical" activeStep={0} nonLinear>
              {PROCESS.map((step) => (
                <Step key={step.label} expanded>
                  <StepLabel>{step.label}</StepLabel>
                  <StepContent>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {step.text}
                    </Typography>
                  </StepContent>
                </Step>
              ))}
            </Stepper>
          </Box>
          <Stack component="form" noValidate spacing={2} sx={{ flex: 1.4, minWidth: 0 }} onSubmit={preventedSubmit(submit)}>
            <TextField
              label="Name"
              required
              fullWidth
              autoFocus
              value={draft.name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label="Slug"
              required
              fullWidth
              value={draft.slug}
              onChange={(e) => setSlug(e.target.value)}
              error={!slugValid || taken}
              helperText={slugHelp}
              slotProps={{
                htmlInput: { maxLength: 100 },
                input: {
                  endAdornment:
                    slug && slugValid ? (
                      <InputAdornment position="end">
                        {checking ? (
                          <CircularProgress size={16} aria-label="Checking availability" />
                        ) : taken ? (
                          <ErrorOutlined color="error" fontSize="small" />
                        ) : available ? (
                          <CheckCircle color="success" fontSize="small" />
                        ) : null}
                      </InputAdornment>
                    ) : undefined,
                },
              }}
            />
            {institutionId ? (
              <TextField
                label="Institution"
                required
                fullWidth
                disabled
                value={picked?.name ?? (options.isPending ? 'Loading…' : institutionId)}
                helperText="Offers are created for the institution in view."
              />
            ) : (
              <Autocomplete<Institution>
                options={institutions}
                loading={options.isPending}
                value={picked}
                onChange={(_e, value) => setDraft((d) => ({ ...d, institution: value?._id ?? null }))}
                getOptionLabel={(o) => o.name}
                isOptionEqualToValue={(a, b) => a._id === b._id}
                noOptionsText={options.isError ? 'Could not load the institutions' : 'No institutions found'}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Institution"
                    required
                    helperText={options.isError ? offerErrorMessage(options.error, 'Could not load the institutions') : undefined}
                    error={options.isError}
                  />
                )}
              />
            )}
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
              <Typography variant="subtitle2" component="h3">
                Offer address
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                Production: {addresses.production}
              </Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                Staging: {addresses.staging}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                The production address is under your tenant&apos;s host; staging uses the same path under the staging host, for previewing
                before going live.
              </Typography>
            </Box>
            {/* Enter in a field submits. */}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Stack>
        </Stack>
      </DialogContent>
      <CancelSubmitActions onCancel={close} pending={create.isPending} submitLabel="Create" submitDisabled={!canCreate} onSubmit={submit} />
      {guard}
    </Dialog>
  );
}
