import Leaderboard from '@mui/icons-material/Leaderboard';
import { Card, CardContent, CardHeader, Grid, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { BarChart } from '../../../components/charts.tsx';
import { dashboardPresets, type DashboardPreset } from '@tessera/domain';
import { ErrorBlock } from '../../../components/error-block.tsx';
import type { PresetOption } from '../../../components/preset-selector.tsx';
import { formatChartTick } from '../../../lib/format.ts';
import { useLeadStats } from '../api/get-lead-stats.ts';
import { LeadAccountStatusDonut } from './lead-account-status.tsx';

/** The lead list's time-scale buttons (002 §2), in the order they read: the all-time window first. */
export const LEAD_SCALES: (PresetOption & { period: string })[] = [
  { preset: 'all-time', label: 'All time', period: 'All time' },
  { preset: '24hrs', label: '24 hours', period: 'Last 24 hours' },
  { preset: '7days', label: '7 days', period: 'Last 7 days' },
  { preset: '1month', label: '30 days', period: 'Last 30 days' },
  { preset: '1year', label: '1 year', period: 'Last year' },
];
const periodOf = (preset: DashboardPreset) => LEAD_SCALES.find((s) => s.preset === preset)?.period ?? '';

/**
 * The charts of the lead list (002 §2): leads created per bucket of the window ('Inbound leads', bars) and all the
 * institution's leads per account status ('Account status', donut).
 */
export function LeadCharts({ tenantId, institutionId, preset }: { tenantId: string; institutionId: string; preset: DashboardPreset }) {
  const theme = useTheme();
  const stats = useLeadStats(tenantId, institutionId, preset);

  if (stats.isError)
    return <ErrorBlock error={stats.error} onRetry={() => void stats.refetch()} title="The lead charts could not be loaded" />;
  const data = stats.data;
  const scale = data ? dashboardPresets[data.preset].scale : 'day';
  const newInPeriod = data?.stats.newInPeriod ?? 0;
  return (
    <Grid container spacing={2} sx={{ opacity: stats.isPlaceholderData ? 0.6 : 1, transition: 'opacity 200ms' }}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardHeader
            title="Inbound leads"
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            subheader={data ? `${newInPeriod} new ${newInPeriod === 1 ? 'lead' : 'leads'} · ${periodOf(data.preset)}` : ' '}
          />
          <CardContent sx={{ pt: 0 }}>
            {!data ? (
              <Skeleton variant="rounded" height={220} aria-label="Loading inbound leads" />
            ) : newInPeriod > 0 ? (
              <BarChart
                height={220}
                xAxis={[{ scaleType: 'band', data: data.stats.series.map((p) => formatChartTick(p.bucket, scale)), tickLabelMinGap: 12 }]}
                yAxis={[{ tickMinStep: 1, width: 32 }]}
                series={[{ data: data.stats.series.map((p) => p.count), label: 'New leads', color: theme.palette.primary.main }]}
                hideLegend
                margin={{ left: 0, right: 8 }}
              />
            ) : (
              <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 5 }}>
                <Leaderboard color="disabled" sx={{ fontSize: 40 }} />
                <Typography color="text.secondary">No new leads in this period</Typography>
              </Stack>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardHeader
            title="Account status"
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            subheader={data ? `${data.stats.total} ${data.stats.total === 1 ? 'lead' : 'leads'} in all` : ' '}
          />
          <CardContent sx={{ pt: 0 }}>
            {data ? (
              <LeadAccountStatusDonut byStatus={data.stats.byStatus} label="Leads by account status" />
            ) : (
              <Skeleton variant="rounded" height={220} aria-label="Loading account status" />
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
