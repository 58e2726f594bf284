import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, Stack } from '@mui/material';
import { LEAD_TEXTS, leadDetailsBody, leadOrigin, leadOriginLabels, type LeadDetailsBody, type TenantLead } from '@tessera/domain';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useUpdateLeadDetails } from '../api/update-lead-details.ts';
import { LeadLabelsField } from './lead-labels-field.tsx';
import { useLeadEditForm } from './use-lead-edit-form.ts';

type DetailsForm = Required<LeadDetailsBody>;

const formValues = (lead: TenantLead): DetailsForm => ({
  firstname: lead.firstname,
  lastname: lead.lastname,
  middlename: lead.middlename ?? '',
  company: lead.company ?? '',
  companyTitle: lead.companyTitle ?? '',
  origin: lead.origin,
  interests: lead.interests,
  tags: lead.tags,
});

interface LeadDetailsDialogProps {
  tenantId: string;
  lead: TenantLead;
  open: boolean;
  onClose: () => void;
}

/** 'Edit details' (002 §7 PUT details): names, company, title, origin, interests and tags; 'Lead updated' when saved. */
export function LeadDetailsDialog({ tenantId, lead, open, onClose }: LeadDetailsDialogProps) {
  // raw: the form sends what was typed ('' for none), which the API's schema reads; its output (null) is the server's.
  const { control, isDirty, pending, guard, close, submit } = useLeadEditForm({
    lead,
    open,
    onClose,
    resolver: zodResolver(leadDetailsBody, undefined, { raw: true }),
    formValues,
    update: useUpdateLeadDetails(tenantId, lead._id),
    errorText: LEAD_TEXTS.errorUpdating,
  });

  return (
    <FormDialog
      open={open}
      title="Edit details"
      onClose={close}
      onSubmit={submit}
      maxWidth="sm"
      fullScreenOnPhone
      pending={pending}
      submitLabel="Save"
      submitDisabled={!isDirty}
      after={guard}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="firstname" label="First name" required fullWidth />
        <FormTextField control={control} name="lastname" label="Last name" required fullWidth />
      </Stack>
      <FormTextField control={control} name="middlename" label="Middle name" fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="company" label="Company" fullWidth />
        <FormTextField control={control} name="companyTitle" label="Title" fullWidth />
      </Stack>
      <FormTextField control={control} name="origin" select label="Origin" fullWidth>
        {leadOrigin.options.map((o) => (
          <MenuItem key={o} value={o}>
            {leadOriginLabels[o]}
          </MenuItem>
        ))}
      </FormTextField>
      <LeadLabelsField control={control} name="interests" label="Interests" />
      <LeadLabelsField control={control} name="tags" label="Tags" />
    </FormDialog>
  );
}
