import { MenuItem } from '@mui/material';
import {
  legalEntityProfileCreateBody,
  legalEntityType,
  legalEntityTypeLabels,
  type LegalEntityProfile,
  type LegalEntityProfileCreateBody,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { AcceptTermsField } from '../../../components/accept-terms-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useCreateForm } from '../../../lib/use-create-form.ts';
import { useCreateLegalEntityProfile } from '../api/create-legal-entity-profile.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface CreateLegalEntityDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (profile: LegalEntityProfile) => void;
}

/** §5: Create is disabled unless name, legal entity type and the terms checkbox are set. */
export function CreateLegalEntityDialog({ open, onClose, onCreated }: CreateLegalEntityDialogProps) {
  const create = useCreateLegalEntityProfile();
  const { control, canSubmit, close, onSubmit } = useCreateForm({
    schema: legalEntityProfileCreateBody,
    // The type select starts empty: the schema refuses it until a type is chosen.
    defaultValues: { name: '', legalEntityType: '' as LegalEntityProfileCreateBody['legalEntityType'] },
    create,
    successMessage: 'Profile created successfully',
    onClose,
    onCreated,
  });

  return (
    <FormDialog
      open={open}
      title="New Legal Entity"
      onClose={close}
      onSubmit={formSubmit(onSubmit)}
      maxWidth="xs"
      pending={create.isPending}
      submitLabel="Create"
      submitDisabled={!canSubmit}
    >
      <FormTextField control={control} name="name" label="Name" required fullWidth autoFocus />
      <FormTextField control={control} name="legalEntityType" select label="Legal entity type" required fullWidth>
        {legalEntityType.options.map((type) => (
          <MenuItem key={type} value={type}>
            {legalEntityTypeLabels[type]}
          </MenuItem>
        ))}
      </FormTextField>
      <AcceptTermsField control={control} name="acceptDisclosures" />
    </FormDialog>
  );
}
