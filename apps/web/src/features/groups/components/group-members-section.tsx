import Delete from '@mui/icons-material/Delete';
import { Autocomplete, Button, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { memberDisplayName, type Group, type TenantMemberAdmin } from '@tessera/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useListParams } from '../../../lib/list-params.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { MemberStatusDot, useMembers } from '../../members/index.ts';
import { useAddGroupMembers } from '../api/add-group-members.ts';
import { useGroupMembers } from '../api/list-group-members.ts';
import { useRemoveGroupMember } from '../api/remove-group-member.ts';

const memberLabel = (m: TenantMemberAdmin) => `${memberDisplayName(m)} (${m.email})`;

interface GroupMembersSectionProps {
  tenantId: string;
  group: Group;
  /** The members picked to add, kept by the page so its unsaved-changes guard knows about them. */
  picked: TenantMemberAdmin[];
  onPickedChange: (members: TenantMemberAdmin[]) => void;
}

/**
 * A group's members, a server page at a time (searchable, so any member of a large group can be found and removed),
 * and a picker offering only the tenant's members who are not in the group yet.
 */
export function GroupMembersSection({ tenantId, group, picked, onPickedChange }: GroupMembersSectionProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const addMembers = useAddGroupMembers(tenantId);
  const removeMember = useRemoveGroupMember(tenantId);

  const list = useListParams({ inAddress: false });
  const { paging, setPaging } = list;
  const { search, ...page } = list.query;
  const members = useGroupMembers(tenantId, group._id, { ...page, sort: 'name', direction: 'asc', ...(search && { search }) });

  const [typed, setTyped] = useState('');
  const candidateSearch = useListSearch(typed);
  const candidates = useMembers(tenantId, {
    limit: 20,
    sort: 'name',
    direction: 'asc',
    notInGroup: group._id,
    ...(candidateSearch && { search: candidateSearch }),
  });

  const add = () =>
    addMembers.mutate(
      { groupId: group._id, memberIds: picked.map((m) => m._id) },
      {
        onSuccess: () => {
          enqueueSnackbar(picked.length === 1 ? 'Member added' : `${picked.length} members added`, { variant: 'success' });
          onPickedChange([]);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  const remove = (member: TenantMemberAdmin) =>
    removeMember.mutate(
      { groupId: group._id, memberId: member._id },
      {
        onSuccess: () => {
          enqueueSnackbar('Member removed', { variant: 'success' });
          // Removing the only row of the last page would leave an empty page behind.
          if (members.data?.data.length === 1 && paging.page > 0) setPaging((p) => ({ ...p, page: p.page - 1 }));
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );

  const columns: GridColDef<TenantMemberAdmin>[] = [
    { field: 'name', headerName: 'Name', flex: 1.5, minWidth: 150, sortable: false, valueGetter: (_v, row) => memberDisplayName(row) },
    { field: 'email', headerName: 'Email', flex: 2, minWidth: 180, sortable: false },
    {
      field: 'membershipStatus',
      headerName: 'Status',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => <MemberStatusDot status={row.membershipStatus} />,
    },
    {
      field: 'actions',
      headerName: '',
      width: 64,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <Tooltip title="Remove from group">
          <IconButton
            aria-label={`Remove ${memberDisplayName(row)}`}
            disabled={removeMember.isPending}
            onClick={(event) => {
              // The row opens the member's page; this button only removes.
              event.stopPropagation();
              remove(row);
            }}
          >
            <Delete />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Autocomplete
          multiple
          options={candidates.data?.data ?? []}
          value={picked}
          onChange={(_e, value) => onPickedChange(value)}
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
        <Button variant="contained" onClick={add} disabled={picked.length === 0} loading={addMembers.isPending}>
          Add
        </Button>
      </Stack>
      <ListSearchField list={list} label="Search members" placeholder="Name or email" sx={{ maxWidth: 420 }} />
      <ServerDataGrid
        label="Group members"
        columns={columns}
        list={list}
        result={members}
        height={520}
        emptyText="No members yet"
        onRowClick={(row) => void navigate(`/tenant/membership/members/${row._id}`)}
      />
    </Stack>
  );
}
