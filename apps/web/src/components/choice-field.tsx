import { Box, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export interface ChoiceOption {
  value: string;
  label: string;
  /** A line of explanation under the option's label. */
  description?: ReactNode;
}

export interface ChoiceFieldProps<T extends FieldValues, TOut extends FieldValues> {
  /** The form's control; `TOut` is what its resolver turns the values into. */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  options: ChoiceOption[];
  /** The options side by side (short labels) rather than one a line. */
  row?: boolean;
}

/**
 * One choice of a list (radio buttons, each with an optional line of explanation); the error shows only once the field
 * was touched, so a fresh form is calm. The onboarding questionnaire and the accreditation wizard ask with it.
 */
export function ChoiceField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  options,
  row,
}: ChoiceFieldProps<T, TOut>) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error) && fieldState.isTouched} component="fieldset">
          <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
            {label}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            row={row}
            name={field.name}
            value={field.value ?? ''}
            onChange={(_event, value) => field.onChange(value)}
            onBlur={field.onBlur}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                sx={option.description ? { alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } } : undefined}
                label={
                  option.description ? (
                    <Box>
                      <Typography>{option.label}</Typography>
                      <Typography variant="body2" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
                        {option.description}
                      </Typography>
                    </Box>
                  ) : (
                    option.label
                  )
                }
              />
            ))}
          </RadioGroup>
          {fieldState.isTouched && fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
