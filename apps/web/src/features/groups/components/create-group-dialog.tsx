import { zodResolver } from '@hookform/resolvers/zod';
import { groupCreateBody, type Group, type GroupCreateBody } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useAfterCleared } from '../../../hooks/use-after-cleared.ts';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

const EMPTY: GroupCreateBody = { name: '', description: '' };

/** 'Create Group' (?modal=create): a name and a description. */
export function CreateGroupDialog({
  tenantId,
  open,
  onClose,
  onCreated,
}: {
  tenantId: string;
  open: boolean;
  onClose: () => void;
  onCreated: (group: Group) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateGroup(tenantId);
  const { control, handleSubmit, reset, formState } = useForm<GroupCreateBody>({
    resolver: zodResolver(groupCreateBody),
    defaultValues: EMPTY,
  });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !create.isPending);

  // Move on only once the cleared form has rendered, so the unsaved-changes guard lets the navigation through.
  const afterCleared = useAfterCleared<Group>(formState.isDirty, onCreated);

  const close = () => {
    if (create.isPending) return;
    reset(EMPTY);
    onClose();
  };
  const send = (body: GroupCreateBody) =>
    create.mutate(body, {
      onSuccess: (group) => {
        enqueueSnackbar('Group created', { variant: 'success' });
        afterCleared(group);
        reset(EMPTY);
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  // handleSubmit is called in the submit event, not while rendering, because send writes a ref.
  const onSubmit = (event: FormEvent) => void handleSubmit(send)(event);

  return (
    <FormDialog
      open={open}
      title="Create Group"
      onClose={close}
      onSubmit={onSubmit}
      maxWidth="sm"
      pending={create.isPending}
      submitLabel="Create"
      submitDisabled={!formState.isDirty}
      after={guard}
    >
      <FormTextField control={control} name="name" label="Name" required fullWidth autoFocus />
      <FormTextField control={control} name="description" label="Description" fullWidth multiline minRows={3} />
    </FormDialog>
  );
}
