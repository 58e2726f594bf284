import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack } from '@mui/material';
import { createIndividualProfileBody, type CreateIndividualProfileBody, type IndividualProfile } from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateIndividualProfile } from '../api/create-individual-profile.ts';

interface CreateProfileDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (profile: IndividualProfile) => void;
}

/** §5: Create is disabled unless first name, last name and the terms checkbox are set. */
export function CreateProfileDialog({ open, onClose, onCreated }: CreateProfileDialogProps) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateIndividualProfile();
  const { control, handleSubmit, reset } = useForm<CreateIndividualProfileBody, unknown, z.output<typeof createIndividualProfileBody>>({
    resolver: zodResolver(createIndividualProfileBody),
    defaultValues: { firstname: '', lastname: '' },
  });
  const values = useWatch({ control });
  const canSubmit = createIndividualProfileBody.safeParse(values).success && !create.isPending;

  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (profile) => {
        enqueueSnackbar('Profile created successfully', { variant: 'success' });
        reset();
        onCreated(profile);
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>New Profile</DialogTitle>
      <Stack component="form" noValidate onSubmit={formSubmit(onSubmit)}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField control={control} name="firstname" label="First name" required fullWidth autoFocus />
            <FormTextField control={control} name="lastname" label="Last name" required fullWidth />
            <Controller
              control={control}
              name="acceptDisclosures"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value === true}
                      // Unchecked is undefined: the schema accepts only `true`.
                      onChange={(e) => field.onChange(e.target.checked ? true : undefined)}
                    />
                  }
                  label="I agree to the terms and conditions"
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!canSubmit} loading={create.isPending}>
            Create
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
