import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { formSubmit } from '../lib/form-submit.ts';
import { type CreateFormOptions, useCreateForm } from '../lib/use-create-form.ts';
import { AcceptTermsField } from './accept-terms-field.tsx';
import { FormDialog } from './form-dialog.tsx';

interface CreateWithTermsDialogProps<TIn extends FieldValues, TOut, TResult> extends CreateFormOptions<TIn, TOut, TResult> {
  open: boolean;
  title: string;
  /** The fields; the terms checkbox (the form's `acceptDisclosures`) follows them. */
  fields: (control: Control<TIn, unknown, TOut>) => ReactNode;
}

/** A small Create dialog whose form ends with 'I agree to the terms and conditions'; Create waits for a valid form. */
export function CreateWithTermsDialog<TIn extends FieldValues, TOut, TResult>({
  open,
  title,
  fields,
  ...options
}: CreateWithTermsDialogProps<TIn, TOut, TResult>) {
  const { control, canSubmit, close, onSubmit } = useCreateForm(options);
  return (
    <FormDialog
      open={open}
      title={title}
      onClose={close}
      onSubmit={formSubmit(onSubmit)}
      maxWidth="xs"
      pending={options.create.isPending}
      submitLabel="Create"
      submitDisabled={!canSubmit}
    >
      {fields(control)}
      <AcceptTermsField control={control} name={'acceptDisclosures' as Path<TIn>} />
    </FormDialog>
  );
}
