import { TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'error' | 'helperText'> & {
  control: Control<T>;
  name: Path<T>;
  /** Shown while the field has no error; the error message takes its place. */
  helperText?: ReactNode;
};

/**
 * A TextField bound to one field of a react-hook-form form: it shows the field's value ('' while there is none) and
 * its error message.
 */
export function FormTextField<T extends FieldValues>({ control, name, helperText, ...props }: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          {...props}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
