import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Grid,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useTheme,
} from '@mui/material';
import { BarChart, PieChart } from '../../../components/charts.tsx';
import {
  DASHBOARD_DAYS,
  DASHBOARD_DAYS_DEFAULT,
  membershipStatus,
  membershipStatusLabels,
  type DashboardDays,
  type TenantDashboard,
} from '@tessera/domain';
import { formatRelativeOrDate } from '../../../lib/format.ts';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { MembershipStatusLegend, membershipStatusColours } from '../../../components/membership-status-legend.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useTenantDashboard } from '../api/get-tenant-dashboard.ts';

function MembersByStatusCard({ data }: { data: TenantDashboard['members'] }) {
  const theme = useTheme();
  const colours = membershipStatusColours(theme);
  const slices = membershipStatus.options
    .filter((s) => data.byStatus[s] > 0)
    .map((s) => ({ id: s, value: data.byStatus[s], label: membershipStatusLabels[s], color: colours[s] }));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title="Members by status" subheader={`${data.total} ${data.total === 1 ? 'member' : 'members'}`} />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          {/* The legend beside it says the same in words: the chart is kept from the keyboard and assistive tech alike
              (inert; aria-hidden alone left its focusable parts in the tab order, axe aria-hidden-focus). */}
          <Box sx={{ width: 200, height: 200, flexShrink: 0 }} inert>
            {slices.length > 0 ? (
              <PieChart
                series={[{ data: slices, innerRadius: 55, outerRadius: 95, paddingAngle: 1, cornerRadius: 3 }]}
                width={200}
                height={200}
                hideLegend
              />
            ) : (
              <Typography color="text.secondary">No members yet</Typography>
            )}
          </Box>
          <MembershipStatusLegend label="Members by status" colours={colours} countOf={(s) => data.byStatus[s]} />
        </Stack>
      </CardContent>
    </Card>
  );
}

function NewMembersCard({
  data,
  days,
  onDays,
}: {
  data: TenantDashboard['newMembers'];
  days: DashboardDays;
  onDays: (d: DashboardDays) => void;
}) {
  const theme = useTheme();
  const total = data.series.reduce((sum, p) => sum + p.count, 0);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title="New members"
        subheader={`${total} in the last ${data.days} days`}
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={days}
            onChange={(_, v: DashboardDays | null) => v && onDays(v)}
            aria-label="Period"
          >
            {DASHBOARD_DAYS.map((d) => (
              // Named by what it shows (axe label-content-name-mismatch); the group says it is the period.
              <ToggleButton key={d} value={d}>
                {d} days
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <BarChart
          height={240}
          xAxis={[{ scaleType: 'band', data: data.series.map((p) => p.date.slice(5)), tickLabelMinGap: 12 }]}
          yAxis={[{ tickMinStep: 1, width: 32 }]}
          series={[{ data: data.series.map((p) => p.count), label: 'New members', color: theme.palette.primary.main }]}
          hideLegend
          margin={{ left: 0, right: 8 }}
        />
      </CardContent>
    </Card>
  );
}

function CountCard({ title, value, note }: { title: string; value: number; note: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography color="text.secondary">{title}</Typography>
        <Typography variant="h3" component="p" sx={{ my: 1 }}>
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      </CardContent>
    </Card>
  );
}

function RecentActivityCard({ events }: { events: TenantDashboard['recentActivity'] }) {
  return (
    <Card variant="outlined">
      <CardHeader title="Recent activity" />
      <CardContent sx={{ pt: 0 }}>
        {events.length === 0 ? (
          <Typography color="text.secondary">No events found</Typography>
        ) : (
          <List dense disablePadding>
            {events.map((e) => (
              <ListItem key={e._id} disableGutters divider>
                <ListItemText
                  primary={e.message}
                  secondary={[e.userName, formatRelativeOrDate(e.createdAt)].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** /tenant/dashboard: members by status, new members over time, offers and institutions, recent activity. */
export function TenantDashboardPage() {
  const { tenantId } = useTenant();
  const [days, setDays] = useState<DashboardDays>(DASHBOARD_DAYS_DEFAULT);
  const dashboard = useTenantDashboard(tenantId ?? '', days);

  return (
    <Stack spacing={3}>
      <title>Tenant dashboard</title>
      <Typography component="h1" variant="h4">
        Dashboard
      </Typography>
      {dashboard.isPending ? (
        <Grid container spacing={2} aria-label="Loading dashboard">
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={260} />
            </Grid>
          ))}
        </Grid>
      ) : dashboard.isError ? (
        <ErrorBlock error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 5 }}>
              <MembersByStatusCard data={dashboard.data.members} />
            </Grid>
            <Grid size={{ xs: 12, lg: 7 }}>
              <NewMembersCard data={dashboard.data.newMembers} days={days} onDays={setDays} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <CountCard title="Offers" value={dashboard.data.offers} note="Offers of this tenant's marketplace" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <CountCard title="Institutions" value={dashboard.data.institutions} note="Institutions of this tenant's marketplace" />
            </Grid>
          </Grid>
          <RecentActivityCard events={dashboard.data.recentActivity} />
        </>
      )}
    </Stack>
  );
}
