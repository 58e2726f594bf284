import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack, Typography } from '@mui/material';
import {
  businessOwnerCreateBody,
  DEFAULT_COUNTRY,
  type Business,
  type BusinessOwner,
  type BusinessOwnerCreateBody,
  type BusinessOwnerCreateInput,
} from '@tessera/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { FormTextField } from '../../../../components/form-text-field.tsx';
import { PercentInput } from '../../../../components/masked-input.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formSubmit } from '../../../../lib/form-submit.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { useCreateBusinessOwner } from '../../api/create-business-owner.ts';
import { deleteBusinessOwner } from '../../api/delete-business-owner.ts';
import { useUpdateBusinessOwner } from '../../api/update-business-owner.ts';
import { CountryField } from './country-field.tsx';

export const ownersSavedToast = (name: string) => `Successfully updated Business Owners: ${name}`;
export const ownersFailedToast = (name: string) => `Error updating Business Owners: ${name}`;

const IDENTITY = ['email', 'firstname', 'lastname', 'line1', 'line2', 'city', 'state', 'zip', 'country'] as const;

function valuesOf(owner: BusinessOwner | null): BusinessOwnerCreateBody {
  const u = owner?.user;
  return {
    email: u?.email ?? '',
    firstname: u?.firstname ?? '',
    lastname: u?.lastname ?? '',
    line1: u?.line1 ?? '',
    line2: u?.line2 ?? '',
    city: u?.city ?? '',
    state: u?.state ?? '',
    zip: u?.zip ?? '',
    country: u?.country ?? DEFAULT_COUNTRY,
    title: owner?.title ?? '',
    equity: owner?.equity ?? (undefined as unknown as number),
  };
}

interface OwnerDialogProps {
  business: Business;
  /** The owner to edit; null adds one. */
  owner: BusinessOwner | null;
  onClose: () => void;
}

/**
 * 001 §5 owner form: title, equity (capped at 100%), e-mail, first and last name required, address optional. An owner
 * who is a member (linked account) keeps the account's e-mail, names and address: those fields are locked.
 */
export function OwnerDialog({ business, owner, onClose }: OwnerDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateBusinessOwner(business._id);
  const update = useUpdateBusinessOwner(business._id);
  const [replacing, setReplacing] = useState(false);
  const locked = owner !== null && owner.user._id !== null;
  const initial = valuesOf(owner);
  const { control, handleSubmit, formState } = useForm<BusinessOwnerCreateBody, unknown, BusinessOwnerCreateInput>({
    resolver: zodResolver(businessOwnerCreateBody),
    mode: 'onChange',
    defaultValues: initial,
  });
  const pending = create.isPending || update.isPending || replacing;
  const [error, setError] = useState<string | null>(null);

  const done = () => {
    enqueueSnackbar(ownersSavedToast(business.name), { variant: 'success' });
    onClose();
  };
  const failed = (failure: unknown) => {
    setError(errorMessage(failure));
    enqueueSnackbar(ownersFailedToast(business.name), { variant: 'error' });
  };

  const save = handleSubmit(async (values) => {
    setError(null);
    let removed = false;
    try {
      if (!owner) {
        await create.mutateAsync(values);
      } else if (locked || IDENTITY.every((key) => (values[key] ?? '') === (initial[key] ?? ''))) {
        await update.mutateAsync({ ownerId: owner._id, body: { title: values.title, equity: values.equity } });
      } else {
        // The API changes an owner's title and equity only; a new name or e-mail for an owner without an account is a new owner.
        setReplacing(true);
        await deleteBusinessOwner(business._id, owner._id);
        removed = true;
        await create.mutateAsync(values);
      }
      done();
    } catch (failure) {
      // The replacement was refused (equity total, a taken e-mail): put the owner back as they were.
      if (removed) await create.mutateAsync(businessOwnerCreateBody.parse(initial)).catch(() => undefined);
      failed(failure);
    } finally {
      setReplacing(false);
    }
  });

  return (
    <FormDialog
      open
      title={owner ? 'Edit owner' : 'Add owner'}
      onClose={pending ? undefined : onClose}
      onSubmit={formSubmit(save)}
      maxWidth="sm"
      fullScreenOnPhone
      pending={pending}
      submitLabel="Save"
      submitDisabled={!formState.isValid || pending}
    >
      {locked && (
        <Alert severity="info">This owner has an account here, so their e-mail, name and address come from it and cannot be changed.</Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="title" label="Title" required fullWidth placeholder="e.g. Managing Member" />
        <Controller
          control={control}
          name="equity"
          render={({ field, fieldState }) => (
            <PercentInput
              label="Equity"
              required
              fullWidth
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={Boolean(fieldState.error) && fieldState.isTouched}
              helperText={fieldState.isTouched && fieldState.error ? fieldState.error.message : 'Percentage ownership, up to 100%'}
            />
          )}
        />
      </Stack>
      <FormTextField control={control} name="email" label="Email" type="email" required fullWidth disabled={locked} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="firstname" label="First name" required fullWidth disabled={locked} />
        <FormTextField control={control} name="lastname" label="Last name" required fullWidth disabled={locked} />
      </Stack>
      <Typography variant="subtitle2" sx={{ pt: 1 }}>
        Address (optional)
      </Typography>
      <FormTextField control={control} name="line1" label="Address line 1" fullWidth disabled={locked} />
      <FormTextField control={control} name="line2" label="Address line 2" fullWidth disabled={locked} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="city" label="City" fullWidth disabled={locked} />
        <FormTextField control={control} name="state" label="State" fullWidth disabled={locked} />
        <FormTextField control={control} name="zip" label="Zip" fullWidth disabled={locked} />
      </Stack>
      <CountryField control={control} name="country" disabled={locked} />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
