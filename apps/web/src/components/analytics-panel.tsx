import Insights from '@mui/icons-material/Insights';
import { Box, Card, CardContent, CardHeader, Grid, Stack, Typography, useTheme } from '@mui/material';
import { LineChart } from './charts.tsx';
import { ANALYTICS_METRIC_LABELS, type AnalyticsMetric, type AnalyticsSeries } from '@tessera/domain';
import { formatChartTick } from '../lib/format.ts';
import { formatCount } from '../lib/format-number.ts';

const NOTES: Record<AnalyticsMetric, string> = {
  impressions: 'Offer cards shown on marketplace lists',
  visitors: 'Distinct visitors, each counted once in the period',
  views: 'Offer, institution and other page views',
  documentViews: 'Documents opened',
  documentDownloads: 'Documents downloaded',
  ctaClicks: "Clicks on an offer's call to action",
};

/**
 * Analytics of a window (#25): a total per metric (unique visitors counted once over the window) and a line per
 * metric per bucket, read from the rollups. Used by the institution dashboard (002 §2) and the marketplace dashboard.
 */
export function AnalyticsPanel({
  analytics,
  title,
  periodLabel,
  metrics,
  emptyText,
}: {
  analytics: AnalyticsSeries;
  title: string;
  periodLabel: string;
  /** The metrics shown, in order; all get a total, the first four a line. */
  metrics: readonly AnalyticsMetric[];
  emptyText: string;
}) {
  const theme = useTheme();
  const colours: Record<AnalyticsMetric, string> = {
    impressions: theme.palette.primary.main,
    visitors: theme.palette.secondary.main,
    views: theme.palette.info.main,
    documentViews: theme.palette.warning.main,
    documentDownloads: theme.palette.primary.light,
    ctaClicks: theme.palette.success.main,
  };
  const empty = metrics.every((m) => analytics.totals[m] === 0);
  const labels = analytics.points.map((p) => formatChartTick(p.bucket, analytics.scale));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={title} subheader={periodLabel} />
      <CardContent sx={{ pt: 0 }}>
        <Grid container spacing={2}>
          {metrics.map((m, i) => (
            <Grid key={m} size={{ xs: 6, sm: 4, md: metrics.length > 4 ? 2 : 3 }}>
              {/* The line's colour as a swatch, the number in the text colour: a tenant's brand colours (a tan, say)
                  are too light for text on the card. */}
              <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                {i < 4 && (
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colours[m], flexShrink: 0 }}
                  />
                )}
                {ANALYTICS_METRIC_LABELS[m]}
              </Typography>
              <Typography variant="h4" component="p">
                {formatCount(analytics.totals[m])}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                {NOTES[m]}
              </Typography>
            </Grid>
          ))}
        </Grid>
        {empty ? (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 3 }}>
            <Insights color="disabled" sx={{ fontSize: 40 }} />
            <Typography color="text.secondary">{emptyText}</Typography>
          </Stack>
        ) : (
          <LineChart
            height={260}
            xAxis={[{ scaleType: 'point', data: labels, tickLabelMinGap: 12 }]}
            yAxis={[{ tickMinStep: 1, width: 40 }]}
            series={metrics.slice(0, 4).map((m) => ({
              data: analytics.points.map((p) => p[m]),
              label: ANALYTICS_METRIC_LABELS[m],
              color: colours[m],
              showMark: false,
            }))}
            margin={{ left: 0, right: 8 }}
          />
        )}
      </CardContent>
    </Card>
  );
}
