import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BILLING_TEXTS, BILLING_LIMITS, type PaymentProviderKind } from '@tessera/domain';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PatternFormat } from 'react-number-format';
import { errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useAddPaymentMethod } from '../api/add-payment-method.ts';
import { createBuiltinCardToken } from '../api/create-builtin-card-token.ts';
import { builtinCard, cardForm, cardNumberFormat, type CardFormInput, type CardFormValues } from './card-form.ts';
import { StripeCardForm } from './stripe-card-form.tsx';

const EMPTY: CardFormInput = { number: '', expiry: '', cvc: '', holderName: '', primary: false };

interface AddCardDialogProps {
  tenantId: string;
  institutionId: string;
  provider: PaymentProviderKind;
  /** Stripe's publishable key (Pricing.publishableKey); null with the built-in provider. */
  publishableKey: string | null;
  /** The institution has no card yet: this one becomes primary whatever is ticked. */
  first: boolean;
  onClose: () => void;
}

/**
 * 'Add payment method'. With the built-in provider the card goes only to its vault (POST payments/builtin/tokens) and
 * the billing API gets the token back; the number and CVC are cleared from the form the moment they are sent. With
 * Stripe, Stripe's Payment Element takes the card (StripeCardForm, Stripe.js loaded only then).
 */
export function AddCardDialog({ tenantId, institutionId, provider, publishableKey, first, onClose }: AddCardDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Add payment method</DialogTitle>
      {provider === 'builtin' ? (
        <BuiltinCardForm tenantId={tenantId} institutionId={institutionId} first={first} onClose={onClose} />
      ) : (
        <StripeCardForm tenantId={tenantId} institutionId={institutionId} publishableKey={publishableKey} first={first} onClose={onClose} />
      )}
    </Dialog>
  );
}

function BuiltinCardForm({ tenantId, institutionId, first, onClose }: Omit<AddCardDialogProps, 'provider' | 'publishableKey'>) {
  const { enqueueSnackbar } = useSnackbar();
  const add = useAddPaymentMethod(tenantId, institutionId);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const { control, handleSubmit, setValue } = useForm<CardFormInput, unknown, CardFormValues>({
    resolver: zodResolver(cardForm),
    defaultValues: EMPTY,
  });
  const number = useWatch({ control, name: 'number' });

  const close = () => {
    if (!sending) onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    const card = builtinCard(values);
    // The number and the CVC leave the form as they leave for the provider: nothing keeps them once sent.
    setValue('number', '');
    setValue('cvc', '');
    setSending(true);
    setFailure(null);
    try {
      const { token } = await createBuiltinCardToken(card);
      // Adding a card asks for a fresh confirmation of identity; the API client opens "Confirm it's you" when asked.
      await add.mutateAsync({ token, primary: first || values.primary });
      enqueueSnackbar(BILLING_TEXTS.paymentMethodAdded, { variant: 'success' });
      onClose();
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The card details go only to the payment provider; this platform keeps its token, brand, last four digits and expiry.
          </Typography>
          <Controller
            control={control}
            name="number"
            render={({ field, fieldState }) => (
              <PatternFormat
                customInput={TextField}
                format={cardNumberFormat(number)}
                mask=" "
                value={field.value}
                valueIsNumericString
                onValueChange={(v, { source }) => source === 'event' && field.onChange(v.value)}
                onBlur={field.onBlur}
                getInputRef={field.ref}
                name={field.name}
                label="Card number"
                required
                autoComplete="cc-number"
                inputMode="numeric"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                disabled={sending}
              />
            )}
          />
          <Stack direction="row" spacing={2}>
            <Controller
              control={control}
              name="expiry"
              render={({ field, fieldState }) => (
                <PatternFormat
                  customInput={TextField}
                  format="##/##"
                  placeholder="MM/YY"
                  value={field.value}
                  onValueChange={(v, { source }) => source === 'event' && field.onChange(v.formattedValue)}
                  onBlur={field.onBlur}
                  getInputRef={field.ref}
                  name={field.name}
                  label="Expiry (MM/YY)"
                  required
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  disabled={sending}
                />
              )}
            />
            <Controller
              control={control}
              name="cvc"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
                  label="CVC"
                  required
                  autoComplete="cc-csc"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  disabled={sending}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
                />
              )}
            />
          </Stack>
          <Controller
            control={control}
            name="holderName"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label="Name on card"
                required
                autoComplete="cc-name"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                disabled={sending}
                slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.holderName } }}
              />
            )}
          />
          {!first && (
            <Controller
              control={control}
              name="primary"
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={sending} />}
                  label="Make this the primary card"
                />
              )}
            />
          )}
          {failure !== null && (
            <Alert severity="error" sx={{ wordBreak: 'break-word' }}>
              {errorMessage(failure)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={sending}>
          Add card
        </Button>
      </DialogActions>
    </Stack>
  );
}
