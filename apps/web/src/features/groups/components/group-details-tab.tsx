import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { groupUpdateBody, type GroupUpdateBody, type TenantMemberAdmin } from '@tessera/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useNavigate } from 'react-router';
import { PlainSectionCard } from '../../../components/section-card.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDeleteGroup } from '../api/delete-group.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { GroupMembersSection } from './group-members-section.tsx';
import { useGroupContext } from './group-page.tsx';

/** Details tab: name and description, members to add (picked from the tenant's members) or remove, and deletion. */
export function GroupDetailsTab() {
  const { tenantId, group } = useGroupContext();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { confirm, confirmDialog } = useConfirm();
  const update = useUpdateGroup(tenantId, group._id);
  const remove = useDeleteGroup(tenantId, group._id);

  const saved = { name: group.name, description: group.description ?? '' };
  const { control, handleSubmit, reset, formState } = useForm<GroupUpdateBody>({ resolver: zodResolver(groupUpdateBody), values: saved });
  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => enqueueSnackbar('Group updated', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  const [picked, setPicked] = useState<TenantMemberAdmin[]>([]);

  const askDelete = () =>
    confirm({
      title: 'Delete group',
      message: `Are you sure you want to delete ${group.name}? Its members stay members of the organization.`,
      destructive: true,
      onConfirm: () =>
        remove.mutateAsync().then(() => {
          enqueueSnackbar('Group deleted', { variant: 'success' });
          void navigate('/tenant/membership/groups');
        }),
    });

  return (
    <Stack spacing={2}>
      <PlainSectionCard title="Details">
        <Stack component="form" noValidate spacing={2} onSubmit={formSubmit(onSubmit)}>
          <FormTextField control={control} name="name" label="Name" required fullWidth />
          <FormTextField control={control} name="description" label="Description" fullWidth multiline minRows={3} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => reset(saved)} disabled={!formState.isDirty || update.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={!formState.isDirty} loading={update.isPending}>
              Save
            </Button>
          </Stack>
          <UnsavedChangesGuard when={formState.isDirty || picked.length > 0} />
        </Stack>
      </PlainSectionCard>

      <PlainSectionCard title="Members">
        <GroupMembersSection tenantId={tenantId} group={group} picked={picked} onPickedChange={setPicked} />
      </PlainSectionCard>

      <PlainSectionCard title="Delete">
        <Button color="error" variant="outlined" onClick={askDelete} sx={{ alignSelf: 'flex-start' }}>
          Delete group
        </Button>
      </PlainSectionCard>
      {confirmDialog}
    </Stack>
  );
}
