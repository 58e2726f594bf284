import Delete from '@mui/icons-material/Delete';
import { Box, Button, Card, CardContent, Chip, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { membershipStatusLabels, type AdminTenant, type AdminTenantMember, type TimelineQuery } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { RecordPage } from '../../../components/record-page.tsx';
import { ServerDataGrid } from '../../../components/list-page.tsx';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useListParams } from '../../../lib/list-params.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useDeleteTenant } from '../api/delete-tenant.ts';
import { useTenant } from '../api/get-tenant.ts';
import { getTenantEvents, tenantEventsKey } from '../api/get-tenant-events.ts';
import { useTenantMembers } from '../api/get-tenant-members.ts';
import { useTenant as useHostTenant } from '../../../lib/tenant/use-tenant.ts';
import { DetailField } from './detail-field.tsx';
import { baseHost } from './tenant-create-page.tsx';
import { TenantVerificationForm } from './tenant-verification-form.tsx';

interface TenantOutletContext {
  tenant: AdminTenant;
}
const useTenantContext = () => useOutletContext<TenantOutletContext>();

/** /admin/tenant/:tenantId with tabs Details, History and Access. */
export function AdminTenantPage() {
  const { tenantId = '' } = useParams();
  const { pathname } = useLocation();
  const tenantQuery = useTenant(tenantId);
  const base = `/admin/tenant/${tenantId}`;
  const tab = pathname.endsWith('/history') ? 'history' : pathname.endsWith('/access') ? 'access' : 'details';

  return (
    <RecordPage backTo="/admin/tenant" backLabel="All Tenants" query={tenantQuery} skeletonRows={6}>
      {(data) => (
        <>
          <title>{data.name}</title>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {data.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {data.slug}
          </Typography>
          <Stack sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
            <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label="Tenant sections">
              <Tab label="Details" value="details" component={RouterLink} to={base} />
              <Tab label="History" value="history" component={RouterLink} to={`${base}/history`} />
              <Tab label="Access" value="access" component={RouterLink} to={`${base}/access`} />
            </Tabs>
          </Stack>
          <Outlet context={{ tenant: data } satisfies TenantOutletContext} />
        </>
      )}
    </RecordPage>
  );
}

export function AdminTenantDetailsTab() {
  const { tenant } = useTenantContext();
  const { tenantId } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const remove = useDeleteTenant(tenant._id);
  const { confirm, confirmDialog } = useConfirm();
  const { tenantSlug } = useHostTenant();
  const address = `${window.location.protocol}//${tenant.slug}.${baseHost(window.location.host, tenantSlug ?? null)}`;
  const isHost = tenant._id === tenantId;

  return (
    <Card variant="outlined">
      <CardContent>
        <DetailField label="Name">{tenant.name}</DetailField>
        <DetailField label="Slug">{tenant.slug}</DetailField>
        <DetailField label="Address">
          <Link href={address} target="_blank" rel="noopener">
            {address}
          </Link>
        </DetailField>
        <DetailField label="Active members">{tenant.memberCount}</DetailField>
        <DetailField label="Verification">
          <TenantVerificationForm key={tenant.verificationStatus} tenant={tenant} />
        </DetailField>
        <DetailField label="Website">{tenant.website ?? 'N/A'}</DetailField>
        <DetailField label="Created">{formatDate(tenant.createdAt)}</DetailField>
        <DetailField label="Updated">{formatDate(tenant.updatedAt)}</DetailField>
        <DetailField label="Tenant id">{tenant._id}</DetailField>
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            color="error"
            startIcon={<Delete />}
            disabled={isHost}
            title={isHost ? 'You cannot delete the tenant you are signed in to' : undefined}
            onClick={() =>
              confirm({
                title: `Delete ${tenant.name}?`,
                message: 'The tenant, its members, profiles, documents and history are deleted for good.',
                confirmLabel: 'Delete',
                destructive: true,
                onConfirm: async () => {
                  await remove.mutateAsync();
                  enqueueSnackbar('Tenant deleted', { variant: 'success' });
                  void navigate('/admin/tenant', { replace: true });
                },
              })
            }
          >
            Delete tenant
          </Button>
        </Box>
        {confirmDialog}
      </CardContent>
    </Card>
  );
}

export function AdminTenantHistoryTab() {
  const { tenant } = useTenantContext();
  return <TimelineView queryKey={tenantEventsKey(tenant._id)} fetchEvents={(q: TimelineQuery) => getTenantEvents(tenant._id, q)} />;
}

const memberColumns: GridColDef<AdminTenantMember>[] = [
  { field: 'email', headerName: 'Email', flex: 2, minWidth: 180, sortable: false },
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueGetter: (_value, row) => [row.firstname, row.lastname].filter(Boolean).join(' ') || '—',
  },
  {
    field: 'role',
    headerName: 'Role',
    width: 110,
    sortable: false,
    renderCell: ({ value }: { value?: string }) => <Chip size="small" label={value} />,
  },
  {
    field: 'membershipStatus',
    headerName: 'Status',
    width: 140,
    sortable: false,
    valueFormatter: (value: AdminTenantMember['membershipStatus']) => membershipStatusLabels[value] ?? value,
  },
  { field: 'createdAt', headerName: 'Joined', width: 120, sortable: false, valueFormatter: (value: string) => formatDate(value) },
];

export function AdminTenantAccessTab() {
  const { tenant } = useTenantContext();
  const navigate = useNavigate();
  const list = useListParams({ inAddress: false });
  const result = useTenantMembers(tenant._id, list.query);
  return (
    <ServerDataGrid
      label="Members"
      columns={memberColumns}
      list={list}
      result={result}
      height={560}
      onRowClick={(row) => void navigate(`/admin/user/${row.user}`)}
    />
  );
}
