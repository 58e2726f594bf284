import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import type { DocumentAnswerKey } from '@tessera/domain';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DocumentUploadField } from './document-upload-field.tsx';

export interface ChoiceOption {
  value: string;
  label: string;
  description?: ReactNode;
}

interface FieldProps<T extends FieldValues, TOut extends FieldValues> {
  /** The screen's form; `TOut` is what its resolver turns the values into. */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
}

/** One answer of a list, as radio buttons with a line of explanation each. */
export function ChoiceField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  options,
}: FieldProps<T, TOut> & { label: string; options: ChoiceOption[] }) {
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
            name={field.name}
            value={field.value ?? ''}
            onChange={(_e, value) => field.onChange(value)}
            onBlur={field.onBlur}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
                label={
                  <Box>
                    <Typography>{option.label}</Typography>
                    {option.description && (
                      <Typography variant="body2" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
                        {option.description}
                      </Typography>
                    )}
                  </Box>
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

/** A statement the applicant confirms by ticking it (the answer is `true`). */
export function ConfirmField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
}: FieldProps<T, TOut> & { label: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
          control={
            <Checkbox
              name={field.name}
              checked={field.value === true}
              onChange={(_e, checked) => field.onChange(checked ? true : undefined)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
          label={label}
        />
      )}
    />
  );
}

/** A document answer: the uploader, holding the ids of the files given for this answer key. */
export function DocumentAnswerField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  applicationId,
  label,
  description,
  required,
}: FieldProps<T, TOut> & {
  name: Path<T> & DocumentAnswerKey;
  applicationId: string;
  label: string;
  description?: string;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DocumentUploadField
          applicationId={applicationId}
          questionKey={name}
          label={label}
          description={description}
          required={required}
          value={(field.value as string[] | undefined) ?? []}
          onChange={(ids) => field.onChange(ids)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
