import Add from '@mui/icons-material/Add';
import PersonSearch from '@mui/icons-material/PersonSearch';
import { Avatar, Button, Chip, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import {
  initials,
  leadAccountStatus,
  leadAccountStatusLabels,
  leadOriginLabels,
  tenantRole,
  tenantRoleLabels,
  type TenantLeadRow,
} from '@tessera/domain';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { ListFilterSelect, ListSearchField, ServerDataGrid } from '../../../components/list-page.tsx';
import { PresetSelector } from '../../../components/preset-selector.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { leadStatsQueryOptions } from '../api/get-lead-stats.ts';
import { leadsQueryOptions, useLeads } from '../api/list-leads.ts';
import { leadListQuery, leadListState, useLeadListSearch, type LeadListState } from '../hooks/use-lead-list-search.ts';
import { pageDataContext, preloadPageData } from '../../../lib/page-data.ts';
import { LeadAccountStatusDot } from './lead-account-status.tsx';
import { LEAD_SCALES, LeadCharts } from './lead-charts.tsx';

// Loaded when first opened: its form (react-hook-form, the masked phone field, zod's resolver) is not part of the
// list's first load.
const CreateLeadDialog = lazy(() => import('./create-lead-dialog.tsx').then((m) => ({ default: m.CreateLeadDialog })));

/** Where a lead's page lives (its Activity tab is the default). */
export const leadPagePath = (id: string) => `/institution/leads/${id}`;

const fullName = (row: TenantLeadRow) => [row.firstname, row.middlename, row.lastname].filter(Boolean).join(' ');

const COLUMNS: GridColDef<TenantLeadRow>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 2,
    minWidth: 200,
    valueGetter: (_v, row) => fullName(row),
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
        <Avatar src={row.imageUrl ?? undefined} alt="" sx={{ width: 28, height: 28, fontSize: 13 }}>
          {initials(fullName(row))}
        </Avatar>
        <Link
          component={RouterLink}
          to={leadPagePath(row._id)}
          underline="hover"
          color="inherit"
          noWrap
          onClick={(e) => e.stopPropagation()}
        >
          {fullName(row)}
        </Link>
      </Stack>
    ),
  },
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 200 },
  { field: 'phone', headerName: 'Phone', width: 150, sortable: false, valueGetter: (_v, row) => row.phone ?? '-' },
  { field: 'company', headerName: 'Company', flex: 1.5, minWidth: 140, sortable: false, valueGetter: (_v, row) => row.company ?? '-' },
  { field: 'origin', headerName: 'Origin', width: 120, sortable: false, valueGetter: (_v, row) => leadOriginLabels[row.origin] },
  {
    field: 'accountStatus',
    headerName: 'Account status',
    width: 160,
    sortable: false,
    valueGetter: (_v, row) => leadAccountStatusLabels[row.accountStatus],
    renderCell: ({ row }) => <LeadAccountStatusDot status={row.accountStatus} />,
  },
  {
    field: 'role',
    headerName: 'Role',
    width: 110,
    sortable: false,
    valueGetter: (_v, row) => (row.tenantMember ? tenantRoleLabels[row.tenantMember.role] : '-'),
  },
  { field: 'createdAt', headerName: 'Created', width: 120, valueFormatter: (value: string) => formatDate(value) },
];

/** The address filters without a box of their own (a shared link may carry them): shown as chips that clear them. */
const NAME_FILTERS = [
  { key: 'email', label: 'Email' },
  { key: 'firstname', label: 'First name' },
  { key: 'lastname', label: 'Last name' },
] as const;

function EmptyLeads({ onCreate }: { onCreate: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <PersonSearch color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="p">
          No leads yet
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          Leads arrive from the marketplace when signed-in visitors click an offer&apos;s call to action, from your systems through the API,
          or you add them here.
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
          Create Lead
        </Button>
      </Stack>
    </Paper>
  );
}

function LeadFilters({ list }: { list: LeadListState }) {
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <ListSearchField list={list} label="Search leads" placeholder="Name, e-mail or company" />
        <ListFilterSelect
          list={list}
          param="role"
          label="Role"
          allLabel="All roles"
          options={tenantRole.options}
          labels={tenantRoleLabels}
          minWidth={150}
        />
        <ListFilterSelect
          list={list}
          param="status"
          label="Account status"
          allLabel="All statuses"
          options={leadAccountStatus.options}
          labels={leadAccountStatusLabels}
          minWidth={170}
        />
      </Stack>
      {NAME_FILTERS.some(({ key }) => list.state[key]) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {NAME_FILTERS.map(({ key, label }) => {
            const value = list.state[key];
            return value ? <Chip key={key} label={`${label}: ${value}`} onDelete={() => list.setFilter(key, '')} /> : null;
          })}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The route's loader (lib/page-data.ts): the list the address asks for and the charts' window start loading as soon as
 * the address is matched (again when it changes: a filter, a page).
 */
export function leadListLoader({ request }: { request: Request }): Promise<null> {
  const context = pageDataContext();
  const tenantId = context?.tenantId;
  const institution = context?.session.tenantMember?.preferences.institution;
  if (!tenantId || !institution) return Promise.resolve(null);
  const state = leadListState(new URL(request.url).searchParams);
  return preloadPageData((client) => [
    client.prefetchQuery(leadsQueryOptions(tenantId, { ...leadListQuery(state), institution })),
    client.prefetchQuery(leadStatsQueryOptions(tenantId, institution, state.scale)),
  ]);
}

/**
 * /institution/leads (002 §2): the picked institution's leads. The time-scale buttons set the charts' window; the
 * table is filtered by role, account status and search, paged by the server (20 from page 1), and a row opens the
 * lead's activity. Everything the page shows is in the address (useLeadListSearch).
 */
export function LeadListPage() {
  const navigate = useNavigate();
  const { tenantId } = useTenant();
  const { institutionId } = useRaiseArea();
  const list = useLeadListSearch();
  const tenant = tenantId ?? '';
  const institution = institutionId ?? '';
  const result = useLeads(tenant, { ...list.query, institution });
  const openCreate = () => list.set({ modal: 'create' });
  const creating = list.state.modal === 'create';
  // The dialog mounts on its first opening and stays, so it closes with its transition as before.
  // (Adjusted while rendering, as React advises for state that follows a prop: no extra effect pass.)
  const [createOpened, setCreateOpened] = useState(false);
  if (creating && !createOpened) setCreateOpened(true);
  const total = result.data?.meta.total;
  const empty = !list.filtered && total === 0 && list.state.page === 1;
  // A page past the last one (an old link, the last lead of a page deleted) is moved back by the grid: that move
  // replaces the address rather than adding a step that back would return to, and that would move forward again.
  const beyondLast = total !== undefined && !result.isPlaceholderData && (list.state.page - 1) * list.state.limit >= Math.max(total, 1);
  const controls: LeadListState = {
    ...list,
    grid: { ...list.grid, onPaginationModelChange: (model) => list.setPaging(model, { replace: beyondLast }) },
  };

  return (
    <Stack spacing={3}>
      <title>Leads</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          Leads
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={openCreate} disabled={!tenantId || !institutionId}>
          Create Lead
        </Button>
      </Stack>

      <Stack spacing={2}>
        <PresetSelector aria-label="Time scale" options={LEAD_SCALES} value={list.state.scale} onChange={(scale) => list.set({ scale })} />
        {institutionId ? (
          <LeadCharts tenantId={tenant} institutionId={institutionId} preset={list.state.scale} />
        ) : (
          <Skeleton variant="rounded" height={280} aria-label="Loading charts" />
        )}
      </Stack>

      <Stack spacing={2}>
        <LeadFilters list={list} />
        {result.isError ? (
          <ErrorBlock error={result.error} onRetry={() => void result.refetch()} title="The leads could not be loaded" />
        ) : empty ? (
          <EmptyLeads onCreate={openCreate} />
        ) : (
          <ServerDataGrid
            label="Leads"
            columns={COLUMNS}
            list={controls}
            result={result}
            emptyText={list.filtered ? 'No leads match these filters' : 'No data'}
            onRowClick={(row) => void navigate(leadPagePath(row._id))}
          />
        )}
      </Stack>

      {tenantId && institutionId && (creating || createOpened) && (
        <Suspense fallback={null}>
          <CreateLeadDialog
            tenantId={tenantId}
            institutionId={institutionId}
            open={creating}
            onClose={() => list.set({ modal: '' }, { replace: true })}
            onCreated={(lead) => void navigate(leadPagePath(lead._id))}
          />
        </Suspense>
      )}
    </Stack>
  );
}
