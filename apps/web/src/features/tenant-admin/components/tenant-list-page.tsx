import OpenInNew from '@mui/icons-material/OpenInNew';
import { Button, Card, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { tenantRoleLabels } from '@tessera/domain';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useMyTenants } from '../api/list-my-tenants.ts';

/**
 * /tenant/list: the tenants the user is an active member of, open to every signed-in member (not only owners);
 * switching opens the other tenant's own address.
 */
export function TenantListPage() {
  const tenants = useMyTenants();
  return (
    <Stack spacing={3} sx={{ p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 900, mx: 'auto', boxSizing: 'border-box' }}>
      <title>Your tenants</title>
      <div>
        <Typography component="h1" variant="h4">
          Your tenants
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Each tenant opens at its own address, where you sign in with the same account.
        </Typography>
      </div>
      {tenants.isPending ? (
        <SkeletonList rows={3} label="Loading tenants" />
      ) : tenants.isError ? (
        <ErrorBlock error={tenants.error} onRetry={() => void tenants.refetch()} />
      ) : tenants.data.length === 0 ? (
        <Typography color="text.secondary">No tenants found</Typography>
      ) : (
        <Card variant="outlined">
          <List disablePadding aria-label="Your tenants">
            {tenants.data.map((t, index) => (
              <ListItem key={t._id} divider={index < tenants.data.length - 1} sx={{ flexWrap: 'wrap', gap: 1, py: 1.5 }}>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{t.name}</span>
                      <Chip size="small" label={tenantRoleLabels[t.role]} variant="outlined" />
                      {t.current && <Chip size="small" label="Current" color="primary" />}
                    </Stack>
                  }
                  secondary={<Link href={t.url}>{t.url.replace(/^https?:\/\//, '')}</Link>}
                  sx={{ minWidth: 200 }}
                />
                {!t.current && (
                  <Button component="a" href={t.url} endIcon={<OpenInNew />} aria-label={`Switch to ${t.name}`}>
                    Switch
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}
