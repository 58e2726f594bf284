import { Stack } from '@mui/material';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';

interface NameFieldsProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
}

/** First and last name, side by side from 600 px. Both forms using it name the fields firstname and lastname. */
export function NameFields<T extends FieldValues, TOut extends FieldValues>({ control }: NameFieldsProps<T, TOut>) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormTextField control={control} name={'firstname' as Path<T>} label="First name" autoComplete="given-name" />
      <FormTextField control={control} name={'lastname' as Path<T>} label="Last name" autoComplete="family-name" />
    </Stack>
  );
}
