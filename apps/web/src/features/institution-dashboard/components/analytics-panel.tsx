import Insights from '@mui/icons-material/Insights';
import { Card, CardContent, CardHeader, Grid, Stack, Typography, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { DashboardScale, InstitutionDashboard } from '@tessera/domain';
import { formatChartTick } from '../../../lib/format.ts';

const SERIES = [
  { key: 'impressions', label: 'Impressions', note: 'Times an offer page or card was shown' },
  { key: 'visitors', label: 'Visitors', note: 'Distinct visitors of the offer pages' },
  { key: 'interactions', label: 'Interactions', note: 'Calls to action, clicks and document views' },
] as const;

/** Offer-page impressions, visitors and interactions over the window (002 §2). */
export function AnalyticsPanel({
  analytics,
  scale,
  periodLabel,
}: {
  analytics: InstitutionDashboard['analytics'];
  scale: DashboardScale;
  periodLabel: string;
}) {
  const theme = useTheme();
  const colours = {
    impressions: theme.palette.primary.main,
    visitors: theme.palette.secondary.main,
    interactions: theme.palette.success.main,
  };
  const empty = SERIES.every((s) => analytics.totals[s.key] === 0);
  const labels = analytics.impressions.map((p) => formatChartTick(p.bucket, scale));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title="Offer analytics" subheader={periodLabel} />
      <CardContent sx={{ pt: 0 }}>
        <Grid container spacing={2}>
          {SERIES.map((s) => (
            <Grid key={s.key} size={{ xs: 4 }}>
              <Typography variant="body2" color="text.secondary">
                {s.label}
              </Typography>
              <Typography variant="h4" component="p" sx={{ color: colours[s.key] }}>
                {analytics.totals[s.key]}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                {s.note}
              </Typography>
            </Grid>
          ))}
        </Grid>
        {empty ? (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
            <Insights color="disabled" sx={{ fontSize: 40 }} />
            <Typography color="text.secondary">No offer page activity in this period yet</Typography>
          </Stack>
        ) : (
          <LineChart
            height={260}
            xAxis={[{ scaleType: 'point', data: labels, tickLabelMinGap: 12 }]}
            yAxis={[{ tickMinStep: 1, width: 36 }]}
            series={SERIES.map((s) => ({
              data: analytics[s.key].map((p) => p.count),
              label: s.label,
              color: colours[s.key],
              showMark: false,
            }))}
            margin={{ left: 0, right: 8 }}
          />
        )}
      </CardContent>
    </Card>
  );
}
