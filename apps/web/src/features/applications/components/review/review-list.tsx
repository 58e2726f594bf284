import { Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  applicationStatus,
  applicationStatusDisplay,
  applicationStatusLabels,
  applicationType,
  applicationTypeLabels,
  verificationMethodShortLabels,
  type AdminApplicationItem,
  type ApplicationType,
  type VerificationMethod,
} from '@tessera/domain';
import { useNavigate } from 'react-router';
import { ListFilterSelect, ListSearchField, ServerDataGrid } from '../../../../components/list-page.tsx';
import { StatusDot } from '../../../../components/status-dot.tsx';
import { formatRelativeOrDate } from '../../../../lib/format.ts';
import { useListParams } from '../../../../lib/list-params.ts';
import { useTenantApplications } from '../../api/list-tenant-applications.ts';

const columns: GridColDef<AdminApplicationItem>[] = [
  {
    field: 'userName',
    headerName: 'Applicant',
    flex: 2,
    minWidth: 220,
    sortable: false,
    renderCell: ({ row }) => (
      <Stack sx={{ justifyContent: 'center', height: '100%', minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {row.userName}
        </Typography>
        <Typography variant="caption" noWrap sx={{ color: 'text.secondary' }}>
          {row.userEmail}
        </Typography>
      </Stack>
    ),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 140,
    sortable: false,
    renderCell: ({ row }) => <StatusDot {...applicationStatusDisplay(row)} />,
  },
  {
    field: 'type',
    headerName: 'Type',
    width: 130,
    sortable: false,
    valueFormatter: (value: ApplicationType) => applicationTypeLabels[value],
  },
  {
    field: 'verificationMethod',
    headerName: 'Method',
    width: 150,
    sortable: false,
    valueFormatter: (value: VerificationMethod | null) => (value ? verificationMethodShortLabels[value] : '—'),
  },
  {
    field: 'createdAt',
    headerName: 'Created',
    width: 130,
    sortable: false,
    valueFormatter: (value: string) => formatRelativeOrDate(value),
  },
  // Not 'updatedAt', which the grid hides everywhere: reviewers sort their work by it.
  {
    field: 'lastUpdated',
    headerName: 'Updated',
    width: 130,
    sortable: false,
    valueGetter: (_value, row) => row.updatedAt,
    valueFormatter: (value: string) => formatRelativeOrDate(value),
  },
];

/**
 * /investor/applications?view=review: every application of the tenant for its reviewers (001 §2 application list),
 * filtered by status, type and the applicant's name or e-mail on the server; the filters live in the address.
 */
export function ReviewApplicationsList() {
  const navigate = useNavigate();
  const list = useListParams();
  const status = list.filter('status', applicationStatus.options);
  const type = list.filter('type', applicationType.options);
  const filtered = status !== undefined || type !== undefined;
  const result = useTenantApplications({ ...list.query, ...(status && { status }), ...(type && { type }) });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <ListSearchField list={list} placeholder="Applicant name or email" />
        <ListFilterSelect
          list={list}
          param="status"
          label="Status"
          allLabel="All statuses"
          options={applicationStatus.options}
          labels={applicationStatusLabels}
          minWidth={160}
        />
        <ListFilterSelect
          list={list}
          param="type"
          label="Type"
          allLabel="All types"
          options={applicationType.options}
          labels={applicationTypeLabels}
          minWidth={140}
        />
      </Stack>
      <ServerDataGrid
        label="Applications to review"
        columns={columns}
        list={list}
        result={result}
        emptyText={filtered ? 'No applications match these filters' : 'No applications yet'}
        onRowClick={(row) => void navigate(`/investor/applications/${row._id}/details`)}
      />
    </Stack>
  );
}
