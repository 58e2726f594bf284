import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_TEXTS, leadContactBody, type LeadContactBody, type TenantLead } from '@tessera/domain';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useUpdateLeadContact } from '../api/update-lead-contact.ts';
import { useLeadEditForm } from './use-lead-edit-form.ts';

const formValues = (lead: TenantLead): LeadContactBody => ({ email: lead.email, phone: lead.phone ?? '' });

interface LeadContactDialogProps {
  tenantId: string;
  lead: TenantLead;
  open: boolean;
  onClose: () => void;
}

/** 'Edit contact' (PUT contact): e-mail and phone. The e-mail is fixed once the lead has a membership (the server says so). */
export function LeadContactDialog({ tenantId, lead, open, onClose }: LeadContactDialogProps) {
  const { control, isDirty, pending, guard, close, submit } = useLeadEditForm({
    lead,
    open,
    onClose,
    resolver: zodResolver(leadContactBody, undefined, { raw: true }),
    formValues,
    update: useUpdateLeadContact(tenantId, lead._id),
    errorText: LEAD_TEXTS.errorUpdatingContact,
  });

  return (
    <FormDialog
      open={open}
      title="Edit contact"
      onClose={close}
      onSubmit={submit}
      maxWidth="xs"
      fullScreenOnPhone
      pending={pending}
      submitLabel="Save"
      submitDisabled={!isDirty}
      after={guard}
    >
      <FormTextField control={control} name="email" type="email" label="Email" required fullWidth autoComplete="off" />
      <FormTextField control={control} name="phone" type="tel" label="Phone" fullWidth autoComplete="off" />
    </FormDialog>
  );
}
