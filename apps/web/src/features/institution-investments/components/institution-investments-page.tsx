import { Box, MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { objectId, workflowStatus, workflowStatusLabels, type WorkflowSummary } from '@tessera/domain';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { ListFilterSelect, ListPage, ServerDataGrid } from '../../../components/list-page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/format-number.ts';
import { useListParams, type ListParams } from '../../../lib/list-params.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';
import { useOffers } from '../../offers/index.ts';
import { useInstitutionWorkflows } from '../api/list-institution-workflows.ts';
import { PercentComplete, WorkflowStatusChip } from './workflow-status-chip.tsx';

/** Where the institution reviews one subscription. */
export const investmentPath = (workflowId: string) => `/institution/investments/${workflowId}`;

export const NO_INVESTMENTS_TEXT =
  "No investments yet. Investors' subscriptions appear here when they click Invest Now on one of your offers.";
export const NO_MATCHING_INVESTMENTS_TEXT = 'No investments match these filters.';

/** An id in the address, when it is one (a hand-edited address must not reach the server as a 400). */
const idParam = (value: string | null) => (value && objectId.safeParse(value).success ? value : undefined);

const columns: GridColDef<WorkflowSummary>[] = [
  { field: 'ownerName', headerName: 'Investor', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'offer',
    headerName: 'Offer',
    flex: 1.6,
    minWidth: 150,
    sortable: false,
    valueGetter: (_v, row) => row.offer?.name ?? 'Offer removed',
  },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 110,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number | null) => formatMoney(value),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 115,
    sortable: false,
    renderCell: ({ row }) => <WorkflowStatusChip status={row.status} />,
  },
  {
    field: 'percentComplete',
    headerName: 'Complete',
    width: 130,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
        <PercentComplete value={row.percentComplete} minWidth={0} />
      </Box>
    ),
  },
  {
    field: 'nextStep',
    headerName: 'Next step',
    flex: 1,
    minWidth: 120,
    sortable: false,
    valueGetter: (_v, row) => row.nextStep?.name ?? 'All steps done',
  },
  { field: 'createdAt', headerName: 'Created', width: 110, sortable: false, valueFormatter: (value: string) => formatDate(value) },
  // Not 'updatedAt': the shared grid hides a field of that name.
  {
    field: 'lastUpdated',
    headerName: 'Updated',
    width: 110,
    sortable: false,
    valueGetter: (_v, row) => row.updatedAt,
    valueFormatter: (value: string) => formatDate(value),
  },
];

/** The offer filter: the institution's offers by name; an offer named in the address but not listed still shows. */
function OfferFilter({ list, institutionId, value }: { list: ListParams<never>; institutionId: string; value: string | undefined }) {
  const { tenantId } = useTenant();
  const offers = useOffers(tenantId ?? '', { institution: institutionId, page: 1, limit: 100, sort: 'name', direction: 'asc' });
  const options = offers.data?.data ?? [];
  const known = value === undefined || options.some((o) => o._id === value);
  return (
    <TextField
      select
      label="Offer"
      size="small"
      value={value ?? ''}
      onChange={(e) => list.setFilter('offer', e.target.value)}
      sx={{ flex: 2, minWidth: 200 }}
    >
      <MenuItem value="">All offers</MenuItem>
      {!known && <MenuItem value={value}>{offers.isPending ? 'Loading offers…' : 'Selected offer'}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o._id} value={o._id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * /institution/investments (Raise mode): the picked institution's investment workflows, a page at a time from the
 * server (page 1, 20 a page), filtered by status and offer in the address; a row opens the subscription's review.
 */
export function InstitutionInvestmentsPage() {
  const navigate = useNavigate();
  const { institutionId } = useRaiseArea();
  const { tenantId } = useTenant();
  const list = useListParams();
  const status = list.filter('status', workflowStatus.options);
  const offer = idParam(list.params.get('offer'));
  const owner = idParam(list.params.get('owner'));
  const query = useMemo(
    () => ({
      institution: institutionId ?? '',
      page: list.query.page,
      limit: list.query.limit,
      ...(status && { status }),
      ...(offer && { offer }),
      ...(owner && { owner }),
    }),
    [institutionId, list.query.page, list.query.limit, status, offer, owner],
  );
  const result = useInstitutionWorkflows(tenantId ?? '', query);
  const filtered = Boolean(status || offer || owner);

  return (
    <ListPage
      title="Investments"
      filters={
        <>
          <ListFilterSelect
            list={list}
            param="status"
            label="Status"
            allLabel="All statuses"
            options={workflowStatus.options}
            labels={workflowStatusLabels}
            minWidth={160}
          />
          {institutionId && <OfferFilter list={list} institutionId={institutionId} value={offer} />}
        </>
      }
    >
      {result.error && !result.data ? (
        <ErrorBlock error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <ServerDataGrid
          label="Investments"
          columns={columns}
          list={list}
          result={result}
          emptyText={filtered ? NO_MATCHING_INVESTMENTS_TEXT : NO_INVESTMENTS_TEXT}
          onRowClick={(row) => void navigate(investmentPath(row._id))}
        />
      )}
    </ListPage>
  );
}
