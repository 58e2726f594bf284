import { createIndividualProfileBody, type IndividualProfile } from '@tessera/domain';
import { CreateWithTermsDialog } from '../../../components/create-with-terms-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useCreateIndividualProfile } from '../api/create-individual-profile.ts';

interface CreateProfileDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (profile: IndividualProfile) => void;
}

/** §5: Create is disabled unless first name, last name and the terms checkbox are set. */
export function CreateProfileDialog({ open, onClose, onCreated }: CreateProfileDialogProps) {
  const create = useCreateIndividualProfile();
  return (
    <CreateWithTermsDialog
      open={open}
      title="New Profile"
      schema={createIndividualProfileBody}
      defaultValues={{ firstname: '', lastname: '' }}
      create={create}
      successMessage="Profile created successfully"
      onClose={onClose}
      onCreated={onCreated}
      fields={(control) => (
        <>
          <FormTextField control={control} name="firstname" label="First name" required fullWidth autoFocus />
          <FormTextField control={control} name="lastname" label="Last name" required fullWidth />
        </>
      )}
    />
  );
}
