import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_TEXTS, leadCreateForm, type LeadCreateFormValues, type TenantLead } from '@tessera/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormMaskedInput } from '../../../components/form-masked-input.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useAfterCleared } from '../../../hooks/use-after-cleared.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useCreateLead } from '../api/create-lead.ts';

type Output = z.output<typeof leadCreateForm>;
const EMPTY: LeadCreateFormValues = { email: '', firstname: '', lastname: '', middlename: '', phone: '' };

interface CreateLeadDialogProps {
  tenantId: string;
  institutionId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (lead: TenantLead) => void;
}

/**
 * 'Create Lead' (?modal=create, 002 §5): e-mail, first and last name required, middle name and phone optional; the
 * lead's origin is manual. The server's refusal (a second lead with the same e-mail) is the error toast and the dialog
 * stays open with what was typed. Closing with typed values asks first.
 */
export function CreateLeadDialog({ tenantId, institutionId, open, onClose, onCreated }: CreateLeadDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateLead(tenantId);
  const { control, handleSubmit, reset, setError, formState } = useForm<LeadCreateFormValues, unknown, Output>({
    resolver: zodResolver(leadCreateForm),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const values = useWatch({ control });
  const canSubmit = leadCreateForm.safeParse(values).success && !create.isPending;
  const dirty = formState.isDirty;
  const guard = useUnsavedChangesGuard(open && dirty && !create.isPending);
  const [asking, setAsking] = useState(false);
  // Move on only once the cleared form has rendered, so the unsaved-changes guard lets the navigation through.
  const afterCleared = useAfterCleared<TenantLead>(dirty, onCreated);

  const discard = () => {
    reset(EMPTY);
    onClose();
  };
  const close = () => {
    if (create.isPending) return;
    if (dirty) setAsking(true);
    else discard();
  };

  const submit = handleSubmit(({ email, firstname, lastname, middlename, phone }) =>
    create.mutate(
      {
        institution: institutionId,
        email,
        firstname,
        lastname,
        ...(middlename && { middlename }),
        ...(phone && { phone }),
        origin: 'manual',
      },
      {
        onSuccess: (lead) => {
          enqueueSnackbar(LEAD_TEXTS.created, { variant: 'success' });
          afterCleared(lead);
          reset(EMPTY);
        },
        onError: (error) => {
          enqueueSnackbar(error instanceof ApiError ? errorMessage(error) : LEAD_TEXTS.failedToCreate, { variant: 'error' });
          // The toast sits behind the open dialog (and outside it for screen readers): a taken e-mail also shows on its field.
          if (error instanceof ApiError && error.status === 409) setError('email', { message: error.message }, { shouldFocus: true });
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      title="Create Lead"
      onClose={close}
      onSubmit={formSubmit(submit)}
      maxWidth="sm"
      fullScreenOnPhone
      pending={create.isPending}
      submitLabel="Create"
      submitDisabled={!canSubmit}
      after={
        <>
          {guard}
          <ConfirmDialog
            open={asking}
            title="Unsaved Changes"
            message="You have unsaved changes. Close and discard them?"
            confirmLabel="Discard"
            cancelLabel="Keep editing"
            destructive
            onConfirm={discard}
            onClose={() => setAsking(false)}
          />
        </>
      }
    >
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" required fullWidth autoFocus />
      <FormTextField control={control} name="firstname" label="First name" autoComplete="off" required fullWidth />
      <FormTextField control={control} name="lastname" label="Last name" autoComplete="off" required fullWidth />
      <FormTextField control={control} name="middlename" label="Middle name" autoComplete="off" fullWidth />
      <FormMaskedInput control={control} name="phone" label="Phone" mask="phone" autoComplete="off" fullWidth helperText="Optional" />
    </FormDialog>
  );
}
