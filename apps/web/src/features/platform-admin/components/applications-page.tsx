import { Autocomplete, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  adminApplicationSort,
  applicationStatus,
  applicationStatusDisplay,
  applicationStatusLabels,
  applicationTypeLabels,
  isObjectId,
  type AdminApplicationItem,
  type AdminTenant,
} from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListFilterSelect, ListPage, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { useListSearch } from '../../../components/use-list-search.ts';
import { useListParams } from '../../../lib/list-params.ts';
import { useAdminApplications } from '../api/list-applications.ts';
import { tenantQueryOptions } from '../api/get-tenant.ts';
import { useTenants } from '../api/list-tenants.ts';

const columns: GridColDef<AdminApplicationItem>[] = [
  { field: 'userEmail', headerName: 'Email', flex: 2, minWidth: 200 },
  { field: 'userName', headerName: 'Name', flex: 1, minWidth: 140, sortable: false },
  { field: 'tenantName', headerName: 'Tenant', flex: 1, minWidth: 140 },
  {
    field: 'type',
    headerName: 'Type',
    width: 130,
    sortable: false,
    valueFormatter: (value: AdminApplicationItem['type']) => applicationTypeLabels[value],
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 150,
    // An expired approval reads 'Expired' (001 §1: it no longer counts), though its status stays approved.
    renderCell: ({ row }) => <StatusDot {...applicationStatusDisplay(row)} />,
  },
  {
    field: 'reviewedAt',
    headerName: 'Reviewed',
    width: 120,
    sortable: false,
    valueFormatter: (value: string | null) => (value ? formatDate(value) : '—'),
  },
  { field: 'createdAt', headerName: 'Created', width: 120, valueFormatter: (value: string) => formatDate(value) },
  { field: 'updatedAt', headerName: 'Updated', width: 120, valueFormatter: (value: string) => formatDate(value) },
];

/** The tenant filter: tenants found by name or slug, the picked one kept by id in the address. */
function TenantFilter({ tenantId, onChange }: { tenantId: string; onChange: (id: string) => void }) {
  const [typed, setTyped] = useState('');
  const search = useListSearch(typed);
  const tenants = useTenants({ page: 1, limit: 20, ...(search && { search }) });
  const picked = useQuery({ ...tenantQueryOptions(tenantId), enabled: tenantId !== '' });
  const value = tenantId && picked.data ? picked.data : null;
  return (
    <Autocomplete<AdminTenant>
      options={tenants.data?.data ?? []}
      value={value}
      onChange={(_e, tenant) => onChange(tenant?._id ?? '')}
      inputValue={typed}
      onInputChange={(_e, text) => setTyped(text)}
      filterOptions={(x) => x}
      getOptionLabel={(t) => t.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={tenants.isFetching}
      noOptionsText="No tenants found"
      renderInput={(params) => <TextField {...params} label="Tenant" size="small" />}
      sx={{ flex: 1, minWidth: 180 }}
    />
  );
}

/** /admin/application: accreditation applications of every tenant, filtered and sorted on the server; filters live in the address. */
export function AdminApplicationsPage() {
  const navigate = useNavigate();
  const list = useListParams({ sorts: adminApplicationSort.options });
  const status = list.filter('status', applicationStatus.options);
  const tenantParam = list.params.get('tenant');
  const tenant = isObjectId(tenantParam) ? tenantParam : '';

  const filtered = status !== undefined || tenant !== '';
  const result = useAdminApplications({ ...list.query, ...(status && { status }), ...(tenant && { tenant }) });

  return (
    <ListPage
      title="Applications"
      filters={
        <>
          <ListSearchField list={list} placeholder="Applicant email" />
          <ListFilterSelect
            list={list}
            param="status"
            label="Status"
            allLabel="All statuses"
            options={applicationStatus.options}
            labels={applicationStatusLabels}
            minWidth={160}
          />
          <TenantFilter tenantId={tenant} onChange={(id) => list.setFilter('tenant', id)} />
        </>
      }
    >
      <ServerDataGrid
        label="Applications"
        columns={columns}
        list={list}
        result={result}
        emptyText={filtered ? 'No applications match these filters' : 'No applications yet'}
        onRowClick={(row) => void navigate(`/admin/user/${row.user}`)}
      />
    </ListPage>
  );
}
