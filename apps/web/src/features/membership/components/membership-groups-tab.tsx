import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { type Group } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { DataGrid } from '../../../components/data-grid.tsx';
import { useMembershipGroups } from '../api/get-membership-groups.ts';
import { useMembershipContext } from './membership-layout.tsx';

const columns: GridColDef<Group>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 160 },
  { field: 'totalMembers', headerName: 'Members', width: 100, type: 'number' },
  { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
  // Shown here (the grid hides 'updatedAt' by default): the spec lists it for this page.
  {
    field: 'updated',
    headerName: 'Updated',
    width: 130,
    valueGetter: (_v, row) => row.updatedAt,
    valueFormatter: (value: string) => formatDate(value),
  },
];

/** Groups: the groups the member can access. */
export function MembershipGroupsTab() {
  const { membership } = useMembershipContext();
  const { data, isPending, error } = useMembershipGroups(membership._id);
  return (
    <Box sx={{ height: 480, width: '100%' }}>
      <DataGrid label="Groups" rows={data} columns={columns} loading={isPending} error={error ?? undefined} />
    </Box>
  );
}
