import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_TEXTS, leadContactBody, type LeadContactBody, type TenantLead } from '@tessera/domain';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useUpdateLeadContact } from '../api/update-lead-contact.ts';
import { leadErrorText } from './lead-toast.ts';

const formValues = (lead: TenantLead): LeadContactBody => ({ email: lead.email, phone: lead.phone ?? '' });

interface LeadContactDialogProps {
  tenantId: string;
  lead: TenantLead;
  open: boolean;
  onClose: () => void;
}

/** 'Edit contact' (PUT contact): e-mail and phone. The e-mail is fixed once the lead has a membership (the server says so). */
export function LeadContactDialog({ tenantId, lead, open, onClose }: LeadContactDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateLeadContact(tenantId, lead._id);
  const form = useForm<LeadContactBody>({
    resolver: zodResolver(leadContactBody, undefined, { raw: true }),
    defaultValues: formValues(lead),
    mode: 'onTouched',
  });
  const { control, formState, reset } = form;
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !update.isPending);

  const close = () => {
    if (update.isPending) return;
    reset(formValues(lead));
    onClose();
  };

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        enqueueSnackbar(LEAD_TEXTS.updated, { variant: 'success' });
        reset(formValues(saved));
        onClose();
      },
      onError: (error) => enqueueSnackbar(leadErrorText(error, LEAD_TEXTS.errorUpdatingContact), { variant: 'error' }),
    }),
  );

  return (
    <FormDialog
      open={open}
      title="Edit contact"
      onClose={close}
      onSubmit={formSubmit(onSubmit)}
      maxWidth="xs"
      fullScreenOnPhone
      pending={update.isPending}
      submitLabel="Save"
      submitDisabled={!formState.isDirty}
      after={guard}
    >
      <FormTextField control={control} name="email" type="email" label="Email" required fullWidth autoComplete="off" />
      <FormTextField control={control} name="phone" type="tel" label="Phone" fullWidth autoComplete="off" />
    </FormDialog>
  );
}
