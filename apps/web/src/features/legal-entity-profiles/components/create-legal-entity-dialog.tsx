import { legalEntityProfileCreateBody, type LegalEntityProfile, type LegalEntityProfileCreateBody } from '@tessera/domain';
import { CreateWithTermsDialog } from '../../../components/create-with-terms-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LegalEntityTypeField } from './legal-entity-type-field.tsx';
import { useCreateLegalEntityProfile } from '../api/create-legal-entity-profile.ts';

interface CreateLegalEntityDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (profile: LegalEntityProfile) => void;
}

/** §5: Create is disabled unless name, legal entity type and the terms checkbox are set. */
export function CreateLegalEntityDialog({ open, onClose, onCreated }: CreateLegalEntityDialogProps) {
  const create = useCreateLegalEntityProfile();
  return (
    <CreateWithTermsDialog
      open={open}
      title="New Legal Entity"
      schema={legalEntityProfileCreateBody}
      // The type select starts empty: the schema refuses it until a type is chosen.
      defaultValues={{ name: '', legalEntityType: '' as LegalEntityProfileCreateBody['legalEntityType'] }}
      create={create}
      successMessage="Profile created successfully"
      onClose={onClose}
      onCreated={onCreated}
      fields={(control) => (
        <>
          <FormTextField control={control} name="name" label="Name" required fullWidth autoFocus />
          <LegalEntityTypeField control={control} name="legalEntityType" />
        </>
      )}
    />
  );
}
