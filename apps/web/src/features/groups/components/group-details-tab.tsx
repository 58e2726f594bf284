import { zodResolver } from '@hookform/resolvers/zod';
import { Delete } from '@mui/icons-material';
import {
  Autocomplete, Button, Card, CardContent, IconButton, List, ListItem, ListItemText, Stack, TextField, Tooltip, Typography,
} from '@mui/material';
import { groupUpdateBody, memberDisplayName, type GroupUpdateBody, type TenantMemberAdmin } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMembers } from '../../members/api/list-members.ts';
import { useAddGroupMembers } from '../api/add-group-members.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { useGroupMembers } from '../api/list-group-members.ts';
import { useRemoveGroupMember } from '../api/remove-group-member.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { useGroupContext } from './group-page.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">{title}</Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

const memberLabel = (m: TenantMemberAdmin) => `${memberDisplayName(m)} (${m.email})`;

/** Details tab: name and description, members to add (picked from the tenant's members) or remove, and deletion. */
export function GroupDetailsTab() {
  const { tenantId, group } = useGroupContext();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { confirm, confirmDialog } = useConfirm();
  const update = useUpdateGroup(tenantId, group._id);
  const remove = useDeleteGroup(tenantId, group._id);
  const addMembers = useAddGroupMembers(tenantId);
  const removeMember = useRemoveGroupMember(tenantId);
  const members = useGroupMembers(tenantId, group._id, { limit: 100, sort: 'name', direction: 'asc' });

  const saved = { name: group.name, description: group.description ?? '' };
  const { control, handleSubmit, reset, formState } = useForm<GroupUpdateBody>({ resolver: zodResolver(groupUpdateBody), values: saved });
  const onSubmit = handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => enqueueSnackbar('Group updated', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    }),
  );

  const [typed, setTyped] = useState('');
  const search = useListSearch(typed);
  const candidates = useMembers(tenantId, { limit: 20, sort: 'name', direction: 'asc', ...(search && { search }) });
  const [picked, setPicked] = useState<TenantMemberAdmin[]>([]);
  const inGroup = new Set((members.data?.data ?? []).map((m) => m._id));
  const options = (candidates.data?.data ?? []).filter((m) => !inGroup.has(m._id));

  const add = () =>
    addMembers.mutate(
      { groupId: group._id, memberIds: picked.map((m) => m._id) },
      {
        onSuccess: () => {
          enqueueSnackbar(picked.length === 1 ? 'Member added' : `${picked.length} members added`, { variant: 'success' });
          setPicked([]);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

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
      <Section title="Details">
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => <TextField {...field} label="Name" required fullWidth error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />}
          />
          <Controller
            control={control}
            name="description"
            render={({ field, fieldState }) => (
              <TextField {...field} value={field.value ?? ''} label="Description" fullWidth multiline minRows={3} error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
            )}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => reset(saved)} disabled={!formState.isDirty || update.isPending}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!formState.isDirty} loading={update.isPending}>Save</Button>
          </Stack>
          <UnsavedChangesGuard when={formState.isDirty || picked.length > 0} />
        </Stack>
      </Section>

      <Section title="Members">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Autocomplete
            multiple
            options={options}
            value={picked}
            onChange={(_e, value) => setPicked(value)}
            inputValue={typed}
            onInputChange={(_e, value) => setTyped(value)}
            filterOptions={(x) => x}
            getOptionLabel={memberLabel}
            isOptionEqualToValue={(a, b) => a._id === b._id}
            loading={candidates.isFetching}
            noOptionsText="No members found"
            renderInput={(params) => <TextField {...params} label="Pick members" size="small" />}
            sx={{ flex: 1 }}
          />
          <Button variant="contained" onClick={add} disabled={picked.length === 0} loading={addMembers.isPending}>Add</Button>
        </Stack>
        {members.isPending ? (
          <SkeletonList rows={3} label="Loading members" />
        ) : members.isError ? (
          <ErrorBlock error={members.error} onRetry={() => void members.refetch()} />
        ) : members.data.data.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>No members yet</Typography>
        ) : (
          <List disablePadding aria-label="Group members">
            {members.data.data.map((m) => (
              <ListItem
                key={m._id}
                divider
                secondaryAction={
                  <Tooltip title="Remove from group">
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${memberDisplayName(m)}`}
                      disabled={removeMember.isPending}
                      onClick={() =>
                        removeMember.mutate(
                          { groupId: group._id, memberId: m._id },
                          {
                            onSuccess: () => enqueueSnackbar('Member removed', { variant: 'success' }),
                            onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
                          },
                        )
                      }
                    >
                      <Delete />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemText
                  primary={<RouterLink to={`/tenant/membership/members/${m._id}`}>{memberDisplayName(m)}</RouterLink>}
                  secondary={m.email}
                  slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>

      <Section title="Delete">
        <Button color="error" variant="outlined" onClick={askDelete} sx={{ alignSelf: 'flex-start' }}>Delete group</Button>
      </Section>
      {confirmDialog}
    </Stack>
  );
}
