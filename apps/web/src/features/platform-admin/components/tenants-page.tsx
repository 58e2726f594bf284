import Add from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { type AdminTenant } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useNavigate } from 'react-router';
import { ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useTenants } from '../api/list-tenants.ts';

const columns: GridColDef<AdminTenant>[] = [
  { field: 'name', headerName: 'Name', flex: 2, minWidth: 160, sortable: false },
  { field: 'slug', headerName: 'Slug', flex: 1, minWidth: 120, sortable: false },
  { field: 'memberCount', headerName: 'Members', width: 100, sortable: false, type: 'number' },
  { field: 'createdAt', headerName: 'Created', width: 130, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

/** /admin/tenant: every tenant, searchable by name or slug. */
export function TenantsPage() {
  const navigate = useNavigate();
  const list = useListParams({ inAddress: false });
  const result = useTenants(list.query);

  return (
    <ListPage
      title="Tenants"
      action={
        <Button variant="contained" startIcon={<Add />} onClick={() => void navigate('/admin/tenant/create')}>
          Create Tenant
        </Button>
      }
      filters={<ListSearchField list={list} fullWidth sx={{ maxWidth: 480 }} />}
    >
      <ServerDataGrid
        label="Tenants"
        columns={columns}
        list={list}
        result={result}
        onRowClick={(row) => void navigate(`/admin/tenant/${row._id}`)}
      />
    </ListPage>
  );
}
