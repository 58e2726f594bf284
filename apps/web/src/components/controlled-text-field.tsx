import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type ControlledTextFieldProps<T extends FieldValues, TOut extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
};

/**
 * A TextField bound to react-hook-form with `{...field}` (empty text for a null value); the field's
 * error shows in red and replaces `helperText`. The other props (label, select and its options…) go to the TextField.
 */
export function ControlledTextField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: ControlledTextFieldProps<T, TOut>) {
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
