import { Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Switch } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface FieldProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
}

/** One choice of a few (radio buttons); its error shows after a Continue, as the steps' other fields do. */
export function RadioField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  options,
}: FieldProps<T, TOut> & { label: string; options: { value: string; label: ReactNode }[] }) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
          <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
            {label}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value ?? ''}
            onChange={(_event, value) => field.onChange(value)}
            onBlur={field.onBlur}
          >
            {options.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** A yes/no answer as a checkbox (a consent, a statement) or a switch (a preference). */
export function BooleanField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  variant = 'checkbox',
}: FieldProps<T, TOut> & { label: ReactNode; variant?: 'checkbox' | 'switch' }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const input = {
          checked: Boolean(field.value),
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.checked),
          onBlur: field.onBlur,
        };
        return (
          <FormControl error={Boolean(fieldState.error)}>
            <FormControlLabel
              sx={{ alignItems: variant === 'checkbox' ? 'flex-start' : 'center', '& .MuiCheckbox-root': { mt: -0.75 } }}
              control={variant === 'switch' ? <Switch {...input} /> : <Checkbox {...input} />}
              label={label}
            />
            {fieldState.error && <FormHelperText sx={{ ml: 4 }}>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
