import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem } from '@mui/material';
import {
  legalEntityProfileCreateBody,
  legalEntityType,
  legalEntityTypeLabels,
  type LegalEntityProfile,
  type LegalEntityProfileCreateBody,
  type LegalEntityProfileCreateInput,
} from '@tessera/domain';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useForm, useWatch } from 'react-hook-form';
import { AcceptTermsField } from '../../../components/accept-terms-field.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateLegalEntityProfile } from '../api/create-legal-entity-profile.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

interface CreateLegalEntityDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (profile: LegalEntityProfile) => void;
}

/** §5: Create is disabled unless name, legal entity type and the terms checkbox are set. */
export function CreateLegalEntityDialog({ open, onClose, onCreated }: CreateLegalEntityDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateLegalEntityProfile();
  const { control, handleSubmit, reset } = useForm<LegalEntityProfileCreateBody, unknown, LegalEntityProfileCreateInput>({
    resolver: zodResolver(legalEntityProfileCreateBody),
    // The type select starts empty: the schema refuses it until a type is chosen.
    defaultValues: { name: '', legalEntityType: '' as LegalEntityProfileCreateBody['legalEntityType'] },
  });
  const values = useWatch({ control });
  const canSubmit = legalEntityProfileCreateBody.safeParse(values).success && !create.isPending;

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
