import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import type { ChoiceFieldProps as ChoiceProps } from '../../../components/choice-field.tsx';

export { ChoiceField } from '../../../components/choice-field.tsx';

/** A yes/no question held as a boolean. */
export function YesNoField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
}: Omit<ChoiceProps<T, TOut>, 'options' | 'row'>) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error) && fieldState.isTouched} component="fieldset">
          <FormLabel component="legend" id={labelId}>
            {label}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            row
            name={field.name}
            value={typeof field.value === 'boolean' ? String(field.value) : ''}
            onChange={(_event, value) => field.onChange(value === 'true')}
            onBlur={field.onBlur}
          >
            <FormControlLabel value="true" control={<Radio />} label="Yes" />
            <FormControlLabel value="false" control={<Radio />} label="No" />
          </RadioGroup>
          {fieldState.isTouched && fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** Several choices of a list (check boxes), held as the list of chosen values in the options' order. */
export function MultiChoiceField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  options,
  row,
}: ChoiceProps<T, TOut>) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = new Set<string>((field.value as string[] | undefined) ?? []);
        const toggle = (value: string, on: boolean) => {
          if (on) chosen.add(value);
          else chosen.delete(value);
          field.onChange(options.map((o) => o.value).filter((v) => chosen.has(v)));
          field.onBlur();
        };
        return (
          <FormControl error={Boolean(fieldState.error) && fieldState.isTouched} component="fieldset">
            <FormLabel component="legend" id={labelId}>
              {label}
            </FormLabel>
            <FormGroup row={row} aria-labelledby={labelId}>
              {options.map((option) => (
                <FormControlLabel
                  key={option.value}
                  control={<Checkbox checked={chosen.has(option.value)} onChange={(_event, on) => toggle(option.value, on)} />}
                  label={option.label}
                  sx={row ? { minWidth: { sm: 200 } } : undefined}
                />
              ))}
            </FormGroup>
            {fieldState.isTouched && fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/** A stage's heading, its fields, and Back / Continue under them. */
export function StageFrame({
  title,
  intro,
  children,
  onBack,
  submitLabel = 'Continue',
  canSubmit,
  pending,
  onSubmit,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  onBack?: () => void;
  submitLabel?: string;
  canSubmit: boolean;
  pending: boolean;
  onSubmit: () => Promise<unknown>;
}) {
  return (
    <Box
      component="form"
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{intro}</Typography>
      <Stack spacing={3}>{children}</Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between' }}>
        {onBack ? (
          <Button variant="outlined" onClick={onBack} disabled={pending}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" variant="contained" disabled={!canSubmit || pending}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
