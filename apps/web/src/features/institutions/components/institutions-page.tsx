import AddBusiness from '@mui/icons-material/AddBusiness';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { institutionSort, institutionType, institutionTypeLabels, type Institution } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ListFilterSelect, ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useInstitutions } from '../api/list-institutions.ts';
import { CreateInstitutionDialog } from './create-institution-dialog.tsx';
import { InstitutionLogo } from './institution-logo.tsx';

const columns: GridColDef<Institution>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 2,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
        <InstitutionLogo institution={row} size={28} />
        <Typography variant="body2" noWrap>
          {row.name}
        </Typography>
      </Stack>
    ),
  },
  { field: 'slug', headerName: 'Slug', flex: 1, minWidth: 140, sortable: false },
  { field: 'type', headerName: 'Type', width: 110, valueGetter: (_v, row) => institutionTypeLabels[row.type] },
  { field: 'offersCount', headerName: 'Offers', width: 90, type: 'number', sortable: false },
  { field: 'updatedAt', headerName: 'Updated', width: 130, valueFormatter: (value: string) => formatDate(value) },
  { field: 'createdAt', headerName: 'Created', width: 130, valueFormatter: (value: string) => formatDate(value) },
];

/** /tenant/marketplace/institutions: the tenant's institutions, searched and filtered on the server, with 'Add Institution' (?modal=create). */
export function TenantInstitutionsPage() {
  const navigate = useNavigate();
  const { tenantId } = useTenant();
  const list = useListParams({ sorts: institutionSort.options });
  const type = list.filter('type', institutionType.options);
  const result = useInstitutions(tenantId ?? '', { ...list.query, ...(type && { type }) });
  const onCreated = useCallback((id: string) => void navigate(`/tenant/marketplace/institutions/${id}`), [navigate]);

  return (
    <ListPage
      title="Institutions"
      action={
        <Button variant="contained" startIcon={<AddBusiness />} onClick={() => list.setParam('modal', 'create')}>
          Add Institution
        </Button>
      }
      filters={
        <>
          <ListSearchField list={list} placeholder="Name or slug" />
          <ListFilterSelect
            list={list}
            param="type"
            label="Type"
            allLabel="All types"
            options={institutionType.options}
            labels={institutionTypeLabels}
            minWidth={150}
          />
        </>
      }
    >
      <ServerDataGrid
        label="Institutions"
        columns={columns}
        list={list}
        result={result}
        onRowClick={(row) => void navigate(`/tenant/marketplace/institutions/${row._id}`)}
      />
      {tenantId && (
        <CreateInstitutionDialog
          tenantId={tenantId}
          open={list.params.get('modal') === 'create'}
          onClose={() => list.setParam('modal', '')}
          onCreated={onCreated}
        />
      )}
    </ListPage>
  );
}
