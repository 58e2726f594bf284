import { Checkbox, FormControlLabel } from '@mui/material';
import { type ReactNode } from 'react';
import type { DocumentAnswerKey } from '@tessera/domain';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DocumentUploadField } from './document-upload-field.tsx';

export { ChoiceField, type ChoiceOption } from '../../../../components/choice-field.tsx';

interface FieldProps<T extends FieldValues, TOut extends FieldValues> {
  /** The screen's form; `TOut` is what its resolver turns the values into. */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
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
