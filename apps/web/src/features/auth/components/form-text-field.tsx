import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, TOut extends FieldValues> = Omit<
  OutlinedInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'label'
> & {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  helperText?: ReactNode;
};

/**
 * An outlined text field bound to react-hook-form; the field's error replaces its helper text.
 * Built from its parts rather than TextField, which would bring Select and menus into the sign-in bundle.
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  helperText,
  disabled,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const help = fieldState.error?.message ?? helperText;
        return (
          <FormControl fullWidth error={Boolean(fieldState.error)} disabled={disabled}>
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput
              {...props}
              id={id}
              label={label}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              aria-describedby={help ? helperId : undefined}
            />
            {help && <FormHelperText id={helperId}>{help}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
