import Delete from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { membershipStatusLabels, userDisplayName } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { RecordPage } from '../../../components/record-page.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useDeleteAdminUser } from '../api/delete-user.ts';
import { useAdminUser } from '../api/get-user.ts';
import { useUserAssociations } from '../api/get-user-associations.ts';
import { DetailField } from './detail-field.tsx';
import { RoleAssignments } from './role-assignments.tsx';
import { UserRoleSelect } from './user-role-select.tsx';
import { accountStatusLabels } from './users-page.tsx';

function Associations({ userId }: { userId: string }) {
  const { data, error, isPending, refetch } = useUserAssociations(userId);
  return (
    <Card variant="outlined">
      <CardHeader title="Associations" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <SkeletonList rows={3} />
        ) : error ? (
          <ErrorBlock error={error} onRetry={() => void refetch()} />
        ) : (
          <>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
              <Chip label={`Individual profiles: ${data.counts.individualProfiles}`} />
              <Chip label={`Legal entity profiles: ${data.counts.legalEntityProfiles}`} />
              <Chip label={`Documents: ${data.counts.documents}`} />
            </Stack>
            {data.memberships.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                No memberships
              </Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label="Memberships">
                  <TableHead>
                    <TableRow>
                      <TableCell>Tenant</TableCell>
                      <TableCell>Role</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Since</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.memberships.map((m) => (
                      <TableRow key={m._id}>
                        <TableCell>
                          <RouterLink to={`/admin/tenant/${m.tenant._id}`}>{m.tenant.name}</RouterLink>
                        </TableCell>
                        <TableCell>{m.role}</TableCell>
                        <TableCell>{membershipStatusLabels[m.membershipStatus]}</TableCell>
                        <TableCell>{formatDate(m.createdAt)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /admin/user/:userId: details, role, associations, role assignments, delete. */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  const { user: me } = useSession();
  const userQuery = useAdminUser(userId);
  const remove = useDeleteAdminUser(userId);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { confirm, confirmDialog } = useConfirm();

  return (
    <RecordPage backTo="/admin/user" backLabel="All Users" query={userQuery} skeletonRows={8}>
      {(data) => (
        <Stack spacing={3}>
          <title>{data.email}</title>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2 }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
                {userDisplayName(data)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
                {data.email}
              </Typography>
            </Box>
            <UserRoleSelect user={data} />
          </Stack>
          <Card variant="outlined">
            <CardHeader title="Details" slotProps={{ title: { variant: 'h6' } }} />
            <CardContent sx={{ pt: 0 }}>
              <DetailField label="Email">{data.email}</DetailField>
              <DetailField label="Name">{[data.firstname, data.middlename, data.lastname].filter(Boolean).join(' ') || 'N/A'}</DetailField>
              <DetailField label="Phone">{data.phone ?? 'N/A'}</DetailField>
              <DetailField label="Account status">{accountStatusLabels[data.accountStatus]}</DetailField>
              <DetailField label="Sign-up">{data.signupStatus === 'complete' ? 'Complete' : 'Invited, not finished'}</DetailField>
              <DetailField label="Archived">{data.archivedAt ? formatDate(data.archivedAt) : 'No'}</DetailField>
              <DetailField label="Created">{formatDate(data.createdAt)}</DetailField>
              <DetailField label="User id">{data._id}</DetailField>
            </CardContent>
          </Card>
          <Associations userId={data._id} />
          <RoleAssignments userId={data._id} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              color="error"
              variant="outlined"
              startIcon={<Delete />}
              disabled={me?._id === data._id}
              onClick={() =>
                confirm({
                  title: `Delete ${data.email}?`,
                  message: 'The account and all its memberships are deleted for good.',
                  confirmLabel: 'Delete',
                  destructive: true,
                  onConfirm: async () => {
                    await remove.mutateAsync();
                    enqueueSnackbar('User deleted', { variant: 'success' });
                    void navigate('/admin/user', { replace: true });
                  },
                })
              }
            >
              Delete user
            </Button>
          </Box>
          {confirmDialog}
        </Stack>
      )}
    </RecordPage>
  );
}
