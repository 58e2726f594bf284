import { LEAD_TEXTS, type TenantLead } from '@tessera/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { leadErrorText } from './lead-toast.ts';

/**
 * The lead's edit dialogs (details, contact): a form drafted from the lead, guarded while dirty, reset on close and
 * to the saved lead on success ('Lead updated'), the server's reason (or `errorText`) as the error toast.
 */
export function useLeadEditForm<T extends FieldValues>({
  lead,
  open,
  onClose,
  resolver,
  formValues,
  update,
  errorText,
}: {
  lead: TenantLead;
  open: boolean;
  onClose: () => void;
  resolver: Resolver<T>;
  formValues: (lead: TenantLead) => T;
  update: UseMutationResult<TenantLead, Error, T>;
  errorText: string;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<T>({ resolver, defaultValues: formValues(lead) as DefaultValues<T>, mode: 'onTouched' });
  const { reset, formState } = form;
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !update.isPending);

  const close = () => {
    if (update.isPending) return;
    reset(formValues(lead));
    onClose();
  };

  const submit = formSubmit(
    form.handleSubmit((values) =>
      update.mutate(values, {
        onSuccess: (saved) => {
          enqueueSnackbar(LEAD_TEXTS.updated, { variant: 'success' });
          reset(formValues(saved));
          onClose();
        },
        onError: (error) => enqueueSnackbar(leadErrorText(error, errorText), { variant: 'error' }),
      }),
    ),
  );

  return { control: form.control, isDirty: formState.isDirty, pending: update.isPending, guard, close, submit };
}
