import { MenuItem } from '@mui/material';
import { legalEntityType, legalEntityTypeLabels } from '@tessera/domain';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';

/** The required 'Legal entity type' select, the same in the create dialog and the details tab. */
export function LegalEntityTypeField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
}) {
  return (
    <FormTextField control={control} name={name} select label="Legal entity type" required fullWidth>
      {legalEntityType.options.map((type) => (
        <MenuItem key={type} value={type}>
          {legalEntityTypeLabels[type]}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
