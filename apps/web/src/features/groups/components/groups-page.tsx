import GroupAdd from '@mui/icons-material/GroupAdd';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { groupSort, type Group } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useGroups } from '../api/list-groups.ts';
import { CreateGroupDialog } from './create-group-dialog.tsx';

const columns: GridColDef<Group>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 180, sortable: false },
  { field: 'totalMembers', headerName: 'Members', width: 110, sortable: false, type: 'number' },
  { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
  { field: 'updatedAt', headerName: 'Updated', width: 130, valueFormatter: (value: string) => formatDate(value) },
];

/** /tenant/membership/groups: the tenant's member groups with their member counts; ?modal=create opens 'Create Group'. */
export function GroupsPage() {
  const navigate = useNavigate();
  const { tenantId } = useTenant();
  // A new sort keeps the page here, as it always has.
  const list = useListParams({ sorts: groupSort.options, sortResetsPage: false });
  const result = useGroups(tenantId ?? '', list.query);

  return (
    <ListPage
      title="Groups"
      action={
        <Button variant="contained" startIcon={<GroupAdd />} onClick={() => list.setParam('modal', 'create')}>
          Create Group
        </Button>
      }
      filters={<ListSearchField list={list} />}
    >
      <ServerDataGrid
        label="Groups"
        columns={columns}
        list={list}
        result={result}
        onRowClick={(row) => void navigate(`/tenant/membership/groups/${row._id}`)}
      />
      {tenantId && (
        <CreateGroupDialog
          tenantId={tenantId}
          open={list.params.get('modal') === 'create'}
          onClose={() => list.setParam('modal', '')}
          onCreated={(group) => void navigate(`/tenant/membership/groups/${group._id}`)}
        />
      )}
    </ListPage>
  );
}
