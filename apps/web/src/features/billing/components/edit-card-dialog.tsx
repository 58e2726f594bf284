import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { BILLING_LIMITS, BILLING_TEXTS, cardBrandLabels, type PaymentMethod } from '@tessera/domain';
import { Controller, useForm } from 'react-hook-form';
import { PatternFormat } from 'react-number-format';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useUpdatePaymentMethod } from '../api/update-payment-method.ts';
import { expiryField, holderNameField, parseExpiry } from './card-form.ts';

const editForm = z.object({ holderName: holderNameField, expiry: expiryField });
type EditValues = z.input<typeof editForm>;

const savedValues = (card: PaymentMethod): EditValues => ({
  holderName: card.holderName,
  expiry: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`,
});

interface EditCardDialogProps {
  tenantId: string;
  institutionId: string;
  card: PaymentMethod;
  onClose: () => void;
}

/** Edit a card without re-entering it: the name on it and a new expiry (PUT …/payment-methods/{id}). */
export function EditCardDialog({ tenantId, institutionId, card, onClose }: EditCardDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdatePaymentMethod(tenantId, institutionId);
  const { control, handleSubmit, formState } = useForm<EditValues, unknown, z.output<typeof editForm>>({
    resolver: zodResolver(editForm),
    defaultValues: savedValues(card),
  });
  const onSubmit = handleSubmit((values) => {
    const expiry = parseExpiry(values.expiry)!;
    update.mutate(
      { id: card._id, body: { holderName: values.holderName, expMonth: expiry.month, expYear: expiry.year } },
      {
        onSuccess: () => {
          enqueueSnackbar(BILLING_TEXTS.paymentMethodUpdated, { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  });

  return (
    <FormDialog
      open
      title={`Edit ${cardBrandLabels[card.brand]} •••• ${card.last4}`}
      onClose={() => !update.isPending && onClose()}
      onSubmit={formSubmit(onSubmit)}
      maxWidth="xs"
      pending={update.isPending}
      submitLabel="Save"
      submitDisabled={!formState.isDirty}
    >
      <FormTextField
        control={control}
        name="holderName"
        label="Name on card"
        required
        autoComplete="cc-name"
        slotProps={{ htmlInput: { maxLength: BILLING_LIMITS.holderName } }}
      />
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
          />
        )}
      />
    </FormDialog>
  );
}
