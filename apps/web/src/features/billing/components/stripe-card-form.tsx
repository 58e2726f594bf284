import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  DialogActions,
  DialogContent,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import { useTheme, type Theme } from '@mui/material/styles';
import type { Appearance, Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import { BILLING_TEXTS } from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { preventedSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useAddPaymentMethod } from '../api/add-payment-method.ts';
import { createSetupIntent } from '../api/create-setup-intent.ts';

/** Stripe's Payment Element styled like the app: its light or dark base, the brand's primary colour, font and radius. */
export function stripeAppearance(theme: Theme): Appearance {
  return {
    theme: theme.palette.mode === 'dark' ? 'night' : 'stripe',
    variables: {
      colorPrimary: theme.palette.primary.main,
      colorBackground: theme.palette.background.paper,
      colorText: theme.palette.text.primary,
      colorDanger: theme.palette.error.main,
      fontFamily: String(theme.typography.fontFamily ?? ''),
      borderRadius: `${theme.shape.borderRadius}px`,
    },
  };
}

/** The form could not start: the server refused the SetupIntent (its message), or Stripe.js did not load. */
class PaymentFormUnavailable extends Error {}

interface Mounted {
  stripe: Stripe;
  elements: StripeElements;
}

interface StripeCardFormProps {
  tenantId: string;
  institutionId: string;
  /** Stripe's publishable key (Pricing.publishableKey). */
  publishableKey: string | null;
  /** The institution has no card yet: this one becomes primary whatever is ticked. */
  first: boolean;
  onClose: () => void;
}

/**
 * 'Add payment method' with Stripe: the API makes a SetupIntent, Stripe.js (loaded from js.stripe.com only now, its
 * module a chunk of its own) shows Stripe's Payment Element in its iframe, and confirming the SetupIntent gives the
 * PaymentMethod id (pm_…) the billing API attaches. The card details go only to Stripe.
 */
export function StripeCardForm({ tenantId, institutionId, publishableKey, first, onClose }: StripeCardFormProps) {
  const theme = useTheme();
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddPaymentMethod(tenantId, institutionId);
  const host = useRef<HTMLDivElement>(null);
  // One SetupIntent per opening of the dialog (StrictMode runs the effect twice; a retry after a failure asks again).
  const intent = useRef<Promise<string> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [mounted, setMounted] = useState<Mounted | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [primary, setPrimary] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const appearanceKey = JSON.stringify(stripeAppearance(theme));

  useEffect(() => {
    let live = true;
    let element: StripePaymentElement | null = null;
    intent.current ??= createSetupIntent(tenantId, institutionId)
      .then(({ clientSecret }) => {
        if (!clientSecret) throw new PaymentFormUnavailable(BILLING_TEXTS.paymentFormUnavailable);
        return clientSecret;
      })
      .catch((error: unknown) => {
        // Asked again on 'Try again'; a SetupIntent made stays in use when only Stripe.js failed to load.
        intent.current = null;
        throw error;
      });
    const start = async () => {
      const clientSecret = await intent.current!;
      if (!publishableKey) throw new PaymentFormUnavailable(BILLING_TEXTS.paymentFormUnavailable);
      let stripe: Stripe | null;
      try {
        // Only here: neither the module nor js.stripe.com is fetched before a Stripe card is added.
        const { loadStripe } = await import('@stripe/stripe-js');
        stripe = await loadStripe(publishableKey);
      } catch {
        stripe = null;
      }
      if (!stripe) throw new PaymentFormUnavailable(BILLING_TEXTS.paymentFormUnavailable);
      if (!live || !host.current) return;
      const elements = stripe.elements({ clientSecret, appearance: JSON.parse(appearanceKey) as Appearance });
      element = elements.create('payment', { layout: 'tabs' });
      element.mount(host.current);
      setMounted({ stripe, elements });
    };
    start().catch((error: unknown) => {
      if (live) setLoadError(error instanceof PaymentFormUnavailable ? error.message : errorMessage(error));
    });
    return () => {
      live = false;
      element?.destroy();
    };
  }, [tenantId, institutionId, publishableKey, appearanceKey, attempt]);

  const close = () => {
    if (!sending) onClose();
  };

  const retry = () => {
    setLoadError(null);
    setMounted(null);
    setAttempt((n) => n + 1);
  };

  const submit = async () => {
    if (!mounted) return;
    setSending(true);
    setFailure(null);
    try {
      const result = await mounted.stripe.confirmSetup({ elements: mounted.elements, redirect: 'if_required' });
      if (result.error) {
        // Stripe's own words: a declined card, an incomplete number, a failed authentication.
        setFailure(result.error.message ?? 'The card could not be added. Check the details and try again.');
        return;
      }
      const method = result.setupIntent.payment_method;
      const token = typeof method === 'string' ? method : method?.id;
      if (!token) {
        setFailure('The card could not be added. Check the details and try again.');
        return;
      }
      // Adding a card asks for a fresh confirmation of identity; the API client opens "Confirm it's you" when asked.
      await add.mutateAsync({ token, primary: first || primary });
      enqueueSnackbar(BILLING_TEXTS.paymentMethodAdded, { variant: 'success' });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const loading = !mounted && !loadError;
  return (
    <Stack component="form" noValidate onSubmit={preventedSubmit(() => void submit())}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The card details go only to Stripe; this platform keeps its brand, last four digits and expiry.
          </Typography>
          {loading && (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={20} aria-hidden />
              <Typography variant="body2">Loading the payment form…</Typography>
            </Stack>
          )}
          {loadError !== null && (
            <Alert
              severity="error"
              sx={{ wordBreak: 'break-word' }}
              action={
                <Button color="inherit" size="small" onClick={retry}>
                  Try again
                </Button>
              }
            >
              {loadError}
            </Alert>
          )}
          {/* Stripe's Payment Element mounts its iframe here. */}
          <Box ref={host} data-testid="stripe-payment-element" sx={{ display: loadError ? 'none' : 'block' }} />
          {!first && (
            <FormControlLabel
              control={<Checkbox checked={primary} onChange={(e) => setPrimary(e.target.checked)} disabled={sending} />}
              label="Make this the primary card"
            />
          )}
          {failure !== null && (
            <Alert severity="error" sx={{ wordBreak: 'break-word' }}>
              {failure}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={sending} disabled={!mounted}>
          Add card
        </Button>
      </DialogActions>
    </Stack>
  );
}
