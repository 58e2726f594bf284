import { zodResolver } from '@hookform/resolvers/zod';
import { createIndividualProfileBody, type CreateIndividualProfileBody, type IndividualProfile } from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { AcceptTermsField } from '../../../components/accept-terms-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateIndividualProfile } from '../api/create-individual-profile.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface CreateProfileDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (profile: IndividualProfile) => void;
}

/** §5: Create is disabled unless first name, last name and the terms checkbox are set. */
export function CreateProfileDialog({ open, onClose, onCreated }: CreateProfileDialogProps) {
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
    <FormDialog
      open={open}
      title="New Profile"
      onClose={close}
      onSubmit={formSubmit(onSubmit)}
      maxWidth="xs"
      pending={create.isPending}
      submitLabel="Create"
      submitDisabled={!canSubmit}
    >
      <FormTextField control={control} name="firstname" label="First name" required fullWidth autoFocus />
      <FormTextField control={control} name="lastname" label="Last name" required fullWidth />
      <AcceptTermsField control={control} name="acceptDisclosures" />
    </FormDialog>
  );
}
