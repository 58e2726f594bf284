import Apartment from '@mui/icons-material/Apartment';
import People from '@mui/icons-material/People';
import { Button, Card, CardActions, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTenants } from '../api/list-tenants.ts';
import { useUsers } from '../api/list-users.ts';

function CountCard({
  title,
  icon,
  total,
  loading,
  to,
  action,
}: {
  title: string;
  icon: ReactNode;
  total?: number;
  loading: boolean;
  to: string;
  action: string;
}) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          {icon}
          <Typography variant="subtitle2">{title}</Typography>
        </Stack>
        <Typography variant="h3" component="p" sx={{ mt: 1 }}>
          {loading ? <Skeleton width={80} /> : (total ?? '—')}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={to}>
          {action}
        </Button>
      </CardActions>
    </Card>
  );
}

/** /admin: how many tenants and users the platform has, with links to manage them. */
export function AdminOverviewPage() {
  const tenants = useTenants({ page: 1, limit: 1 });
  const users = useUsers({ page: 1, limit: 1 });
  return (
    <>
      <title>Platform admin</title>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Platform admin
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <CountCard
          title="Tenants"
          icon={<Apartment fontSize="small" />}
          total={tenants.data?.meta.total}
          loading={tenants.isPending}
          to="/admin/tenant"
          action="Manage tenants"
        />
        <CountCard
          title="Users"
          icon={<People fontSize="small" />}
          total={users.data?.meta.total}
          loading={users.isPending}
          to="/admin/user"
          action="Manage users"
        />
      </Stack>
    </>
  );
}
