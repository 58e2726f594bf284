import { createIndividualProfileBody, type IndividualProfile } from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { AcceptTermsField } from '../../../components/accept-terms-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useCreateForm } from '../../../lib/use-create-form.ts';
import { useCreateIndividualProfile } from '../api/create-individual-profile.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface CreateProfileDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (profile: IndividualProfile) => void;
}

/** §5: Create is disabled unless first name, last name and the terms checkbox are set. */
export function CreateProfileDialog({ open, onClose, onCreated }: CreateProfileDialogProps) {
  const create = useCreateIndividualProfile();
  const { control, canSubmit, close, onSubmit } = useCreateForm({
    schema: createIndividualProfileBody,
    defaultValues: { firstname: '', lastname: '' },
    create,
    successMessage: 'Profile created successfully',
    onClose,
    onCreated,
  });

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
